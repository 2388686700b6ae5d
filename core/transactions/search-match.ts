import { currencyCodes, findCurrency } from '../kernel/money';

/**
 * What the global search asks of a kind of transaction, already read from the words typed (the
 * console's search-query.ts reads them): every part given must hold, and hits come closest amount
 * first, then newest. Shared by payments (search-repo.ts) and card transactions (the cards area).
 */
export interface TxMatch {
  /** Words to match exactly (ids, references, identifiers) or in the description. */
  text?: string | undefined;
  /** The customers the query named (the customers area answers): one of them must be the transaction's; empty matches nothing. */
  customerIds?: string[] | undefined;
  /** A whole id. */
  id?: string | undefined;
  /** The last 12 hex digits of an id's UUID. */
  idTail?: string | undefined;
  /** The amount as minor-unit ranges, one per group of currencies with the same decimals. */
  amounts?: AmountRange[] | undefined;
  /** Whole days, epoch milliseconds, both included. */
  from?: number | undefined;
  to?: number | undefined;
  limit: number;
}

/** One group of currencies with the same decimals: the minor-unit range, the target and the scale to major units. */
export interface AmountRange {
  currencies: string[];
  min: number;
  max: number;
  target: number;
  scale: number;
}

/**
 * An amount range said in major units as minor-unit ranges, one per group of currencies with the same
 * decimals (all currencies, or only `currency`): 250 is 25,000 cents of a dollar and 250 yen.
 */
export function amountRanges(min: number, max: number, target: number, currency?: string): AmountRange[] {
  const codes = currency ? [currency.toUpperCase()] : currencyCodes();
  const byDecimals = new Map<number, string[]>();
  for (const code of codes) {
    const d = findCurrency(code)?.decimals;
    if (d !== undefined) byDecimals.set(d, [...(byDecimals.get(d) ?? []), code]);
  }
  return [...byDecimals].map(([d, currencies]) => {
    const scale = 10 ** d;
    // Why the epsilon: 236.55 * 100 is 23654.999… in binary floating point; the bound is meant exactly.
    return { currencies, min: Math.ceil(min * scale - 1e-6), max: Math.floor(max * scale + 1e-6), target: Math.round(target * scale), scale };
  });
}

const marks = (n: number) => Array.from({ length: n }, () => '?').join(', ');

/**
 * The SQL for "the amount is in one of these ranges" over amount columns, each with its currency
 * column, and the closeness to the target in major units (NULL when out of range), for ORDER BY.
 * Why ranges per currency group: an amount is said in major units, and the minor units it means
 * depend on the currency's decimals.
 */
export function amountSql(columns: { amount: string; currency: string }[], ranges: AmountRange[]): { where: string; whereParams: unknown[]; closeness: string; closenessParams: unknown[] } {
  const tests: string[] = [];
  const whereParams: unknown[] = [];
  const distances: string[] = [];
  const closenessParams: unknown[] = [];
  for (const c of columns) {
    const cases: string[] = [];
    for (const r of ranges) {
      const test = `(${c.amount} BETWEEN ? AND ? AND ${c.currency} IN (${marks(r.currencies.length)}))`;
      tests.push(test);
      whereParams.push(r.min, r.max, ...r.currencies);
      cases.push(`WHEN ${test} THEN abs(${c.amount} - ?) * 1.0 / ?`);
      closenessParams.push(r.min, r.max, ...r.currencies, r.target, r.scale);
    }
    distances.push(`coalesce(CASE ${cases.join(' ')} END, 1e300)`);
  }
  return { where: `(${tests.join(' OR ')})`, whereParams, closeness: distances.length > 1 ? `min(${distances.join(', ')})` : distances[0]!, closenessParams };
}

/**
 * What a search adds after its own terms: the amount ranges over these columns, closest first in the order
 * (then `order`), and the day range. The conditions come with their parameters, the order with its own.
 */
export function amountAndDaysSql(columns: { amount: string; currency: string }[], m: Pick<TxMatch, 'amounts' | 'from' | 'to'>, order: string): { where: string[]; params: unknown[]; order: string; orderParams: unknown[] } {
  const where: string[] = [];
  const params: unknown[] = [];
  const orderParams: unknown[] = [];
  if (m.amounts?.length) {
    const a = amountSql(columns, m.amounts);
    where.push(a.where);
    params.push(...a.whereParams);
    order = `${a.closeness}, ${order}`;
    orderParams.push(...a.closenessParams);
  }
  if (m.from !== undefined) (where.push('created_at >= ?'), params.push(m.from));
  if (m.to !== undefined) (where.push('created_at <= ?'), params.push(m.to));
  return { where, params, order, orderParams };
}

/** `IN (?, ?, …)` placeholders for a list. */
export function inList(n: number): string {
  return `(${marks(n)})`;
}
