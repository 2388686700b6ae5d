import { toValue, type HTMLAttributes, type MaybeRefOrGetter } from 'vue';

/** A table row's attributes, `data-*` ones included (Vue's attribute types omit them). */
export type RowAttributes = HTMLAttributes & Record<`data-${string}`, string>;

/**
 * Row props and classes for a list whose rows open in the drawer: every row is focusable, named for
 * screen readers, opens on click or Enter, and is marked `row-fresh` while just arrived or changed and
 * `row-open` while open (App.vue styles both).
 */
export function useRowProps<T>(options: {
  /** The rows' data-testid, e.g. "customer-row". */
  testId: string;
  /** The row's id, which `open` takes. */
  id: (row: T) => string;
  /** The row's accessible name, e.g. "Open Alice Johnson". */
  label: (row: T) => string;
  /** Opens the row (in the drawer). */
  open: (id: string) => void;
  /** More data-* attributes for the row, e.g. its id for tests to find it by. */
  data?: (row: T) => Record<`data-${string}`, string>;
  /** Ids of the rows to highlight as fresh. */
  fresh: MaybeRefOrGetter<ReadonlySet<string>>;
  /** The id of the open row, if any. */
  openId: MaybeRefOrGetter<string | null>;
}) {
  const { testId, id, label, open, data, fresh, openId } = options;
  function rowProps(row: T): RowAttributes {
    const key = id(row);
    return {
      'data-testid': testId, ...data?.(row), tabindex: 0, 'aria-label': label(row), style: 'cursor: pointer',
      onClick: () => open(key),
      onKeydown: (e: KeyboardEvent) => e.key === 'Enter' && open(key),
    };
  }
  const rowClass = (row: T): string => [toValue(fresh).has(id(row)) ? 'row-fresh' : '', id(row) === toValue(openId) ? 'row-open' : ''].join(' ');
  return { rowProps, rowClass };
}
