import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import type { DataTableBaseColumn } from 'naive-ui';
import { fitColumns, type FitColumn } from '../../renderer/composables/use-column-fit';
import { consoleLink, routeOfLink } from '../../renderer/lib/links';
import { frameTask, singleFlight } from '../../renderer/lib/coalesce';
import { NAV_KEY, useLayoutStore } from '../../renderer/stores/layout';

type Row = { id: string };
const columns: FitColumn<Row>[] = [
  { title: 'Created', key: 'created', width: 100, giveWay: 3 },
  { title: 'Type', key: 'type', width: 90, giveWay: 1 },
  { title: 'Status', key: 'status', width: 110 },
  { title: 'Customer', key: 'customer', minWidth: 150 },
  { title: 'Reference', key: 'reference', width: 130, giveWay: 2 },
  { title: 'Email', key: 'email', minWidth: 300 },
];
const keys = (fit: ReturnType<typeof fitColumns<Row>>) => fit.columns.map((c) => (c as DataTableBaseColumn<Row>).key);
const widths = (fit: ReturnType<typeof fitColumns<Row>>) => fit.columns.map((c) => (c as DataTableBaseColumn<Row>).width);

describe('columns that give way', () => {
  it('keeps every column while they fit, sharing the room left by the flexible ones in proportion', () => {
    const fit = fitColumns(columns, 1330);
    expect(keys(fit)).toEqual(['created', 'type', 'status', 'customer', 'reference', 'email']);
    expect(widths(fit)).toEqual([100, 90, 110, 150 + 150, 130, 300 + 300]);
    expect(fit.scrollX).toBeUndefined();
  });

  it('leaves columns out in their give-way order, never one that always stays', () => {
    expect(keys(fitColumns(columns, 800))).toEqual(['created', 'status', 'customer', 'reference', 'email']);
    expect(keys(fitColumns(columns, 700))).toEqual(['created', 'status', 'customer', 'email']);
    expect(keys(fitColumns(columns, 600))).toEqual(['status', 'customer', 'email']);
  });

  it('lets the table scroll inside itself when even the columns that stay do not fit', () => {
    const fit = fitColumns(columns, 400);
    expect(keys(fit)).toEqual(['status', 'customer', 'email']);
    expect(fit.scrollX).toBe(560);
  });

  it('hides nothing before the table was measured', () => {
    expect(keys(fitColumns(columns, Number.POSITIVE_INFINITY))).toHaveLength(6);
  });
});

describe('links to the console', () => {
  it('is the page address with the route in the hash, without the bridge token', () => {
    expect(consoleLink({ href: 'http://127.0.0.1:4010/console/?token=secret#/transactions' }, '#/transactions/Transaction:01?status=FAILED'))
      .toBe('http://127.0.0.1:4010/console/#/transactions/Transaction:01?status=FAILED');
    expect(consoleLink({ href: 'file:///opt/console/renderer/index.html#/customers' }, '#/customers/Customer:7'))
      .toBe('file:///opt/console/renderer/index.html#/customers/Customer:7');
  });

  it('reads the route back from a pasted link, and nothing from other text', () => {
    expect(routeOfLink(' http://127.0.0.1:4010/console/#/transactions/Transaction:01 ')).toBe('/transactions/Transaction:01');
    expect(routeOfLink('#/customers/Customer:7')).toBe('/customers/Customer:7');
    expect(routeOfLink('Transaction:01')).toBeNull();
    expect(routeOfLink('alice@example.com')).toBeNull();
  });
});

describe('coalescing', () => {
  afterEach(() => vi.useRealTimers());

  it('runs a frame task once per frame however often it is asked for', async () => {
    vi.useFakeTimers();
    const run = vi.fn();
    const task = frameTask(run);
    for (let i = 0; i < 1000; i++) task.schedule();
    await vi.advanceTimersByTimeAsync(20);
    expect(run).toHaveBeenCalledOnce();
    task.schedule();
    task.cancel();
    await vi.advanceTimersByTimeAsync(20);
    expect(run).toHaveBeenCalledOnce();
  });

  it('keeps one run in flight and one more after it, whatever the number of calls meanwhile', async () => {
    const releases: (() => void)[] = [];
    const run = vi.fn(() => new Promise<void>((resolve) => releases.push(resolve)));
    const call = singleFlight(run);
    const first = call();
    for (let i = 0; i < 50; i++) void call();
    expect(run).toHaveBeenCalledTimes(1);
    releases.shift()!();
    await vi.waitFor(() => expect(run).toHaveBeenCalledTimes(2));
    releases.shift()!();
    await first;
    expect(run).toHaveBeenCalledTimes(2);
  });
});

describe('the navigation', () => {
  afterEach(() => localStorage.removeItem(NAV_KEY));

  function withWidth(narrow: boolean): void {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: narrow, media: query, addEventListener: () => undefined, removeEventListener: () => undefined }));
    setActivePinia(createPinia());
  }

  it('follows and remembers the toggle on a wide window', () => {
    withWidth(false);
    const layout = useLayoutStore();
    expect(layout.navCollapsed).toBe(false);
    layout.toggleNav();
    expect(layout.navCollapsed).toBe(true);
    expect(layout.navWidth).toBe(64);
    return Promise.resolve().then(() => {
      expect(localStorage.getItem(NAV_KEY)).toBe('collapsed');
      withWidth(false);
      expect(useLayoutStore().navCollapsed).toBe(true);
      vi.unstubAllGlobals();
    });
  });

  it('collapses on a narrow window, opens there on demand, and does not remember that', () => {
    withWidth(true);
    const layout = useLayoutStore();
    expect(layout.navCollapsed).toBe(true);
    layout.toggleNav();
    expect(layout.navCollapsed).toBe(false);
    expect(localStorage.getItem(NAV_KEY)).toBeNull();
    vi.unstubAllGlobals();
  });
});
