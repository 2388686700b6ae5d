import { computed, ref, toValue, watch, type ComputedRef, type MaybeRefOrGetter, type Ref } from 'vue';
import type { DataTableBaseColumn, DataTableColumn, DataTableColumns } from 'naive-ui';

/** A list column with its place in the order in which columns give way on a narrow screen. */
export type FitColumn<T> = DataTableColumn<T> & {
  /** 1 gives way first, then 2, …; a column without one always stays. */
  giveWay?: number;
};

/** Width a column needs to stay readable: its fixed width, else its minWidth, else this. */
const FLEX_MIN = 120;

/** Width of naive-ui's expand and selection columns when not given. */
const TOGGLE_WIDTH = 48;

function needOf<T>(c: FitColumn<T>): number {
  if ('type' in c && (c.type === 'expand' || c.type === 'selection') && c.width === undefined) return TOGGLE_WIDTH;
  const base = c as DataTableBaseColumn<T>;
  const w = base.width ?? base.minWidth;
  return typeof w === 'number' ? w : FLEX_MIN;
}

/**
 * The columns that fit `width`: while the columns' needs add up to more, the next one in give-way
 * order is left out. Flexible columns (no width) share what is left in proportion to their minWidth;
 * if even the columns that always stay do not fit, `scrollX` lets the table scroll inside itself
 * instead of widening the page.
 */
export function fitColumns<T>(columns: FitColumn<T>[], width: number): { columns: DataTableColumns<T>; scrollX: number | undefined } {
  const kept = [...columns];
  const total = () => kept.reduce((sum, c) => sum + needOf(c), 0);
  const order = columns.filter((c) => c.giveWay !== undefined).sort((a, b) => a.giveWay! - b.giveWay!);
  for (const c of order) {
    if (total() <= width) break;
    kept.splice(kept.indexOf(c), 1);
  }
  const need = total();
  // The room left goes to the flexible columns in proportion to their minimum (an email gets more than a name).
  const flexible = kept.filter((c) => !('type' in c && c.type) && (c as DataTableBaseColumn<T>).width === undefined);
  const flexNeed = flexible.reduce((sum, c) => sum + needOf(c), 0);
  const spare = Number.isFinite(width) ? Math.max(0, width - need) : 0;
  const sized = (c: FitColumn<T>): FitColumn<T> =>
    spare > 0 && flexible.includes(c) ? { ...c, width: needOf(c) + Math.floor((spare * needOf(c)) / flexNeed) } as FitColumn<T> : c;
  return { columns: kept.map((c) => { const { giveWay: _, ...rest } = sized(c); return rest as DataTableColumn<T>; }), scrollX: need > width ? need : undefined };
}

/** The width of an element as it changes, also one that appears later (Infinity until measured, so nothing gives way before). */
export function useElementWidth(target: Ref<HTMLElement | null>): Ref<number> {
  const width = ref(Number.POSITIVE_INFINITY);
  watch(target, (el, _old, onCleanup) => {
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver((entries) => {
      const w = entries[0]?.contentRect.width;
      if (w) width.value = Math.floor(w);
    });
    observer.observe(el);
    onCleanup(() => observer.disconnect());
  }, { immediate: true, flush: 'post' });
  return width;
}

/** The columns of a list table that fit the element `box` (usually the table's wrapper), updated as it resizes. */
export function useColumnFit<T>(columns: MaybeRefOrGetter<FitColumn<T>[]>, box: Ref<HTMLElement | null>): ComputedRef<{ columns: DataTableColumns<T>; scrollX: number | undefined }> {
  const width = useElementWidth(box);
  return computed(() => fitColumns(toValue(columns), width.value));
}
