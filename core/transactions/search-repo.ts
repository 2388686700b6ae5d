import type { Db } from '../kernel/db';
import { txFromRow, type TxRow } from './repo';
import type { Transaction } from './schema';
import { amountAndDaysSql, inList, type TxMatch } from './search-match';

/**
 * The global search over payments: every part of the match must hold (words, amount, days, id), closest
 * amount first, then newest. Each part is an indexed lookup (ids and identifiers by equality, the id's
 * tail by its expression index of migration 029, words of the description by the trigram index,
 * amounts by their range indexes, days by creation time), so a search stays fast at a million rows.
 */
export function transactionSearchRepo(db: Db) {
  return {
    /** Payments matching every part given; none when no part is given. */
    search(m: TxMatch): Transaction[] {
      const q = build(m);
      return q ? db.prepare<unknown[], TxRow>(q.sql).all(...q.params).map(txFromRow) : [];
    },
    /** The query plan of a search, one line per step (the test that holds every part to an index reads it). */
    plan(m: TxMatch): string[] {
      const q = build(m);
      return q ? (db.prepare(`EXPLAIN QUERY PLAN ${q.sql}`).all(...q.params) as { detail: string }[]).map((r) => r.detail) : [];
    },
  };
}

/** How many of the closest amounts a search with words reads the words of. */
const WORDS_CANDIDATES = 2_000;

/** The SELECT of a match with its parameters; undefined when the match names nothing. */
function build(m: TxMatch): { sql: string; params: unknown[] } | undefined {
  const where: string[] = [];
  const params: unknown[] = [];
  if (m.id) (where.push('id = ?'), params.push(m.id));
  if (m.idTail) (where.push('substr(id, -12) = ?'), params.push(m.idTail));
  if (m.text) {
    const t = m.text;
    // With an amount or days to narrow by, the words only filter the rows those indexes find: a common
    // word ("Invoice") named most of the table through its own indexes, and SQLite, without statistics,
    // chose them. The unary + keeps a column's index out of the plan; the description is then read per row.
    const narrowed = m.amounts?.length || m.from !== undefined;
    const col = (name: string) => (narrowed ? `+${name}` : name);
    const parts = ['id', 'quote_id', 'reference', 'customer_id', 'platform_customer_id', 'sender_identifier', 'receiver_identifier'].map((c) => `${col(c)} = ?`);
    const p: unknown[] = [t, t, t.toUpperCase(), t, t, t, t];
    if (t.length >= 3 && narrowed) (parts.push("description LIKE ? ESCAPE '\\'"), p.push(`%${t.replace(/[%_\\]/g, '\\$&')}%`));
    else if (t.length >= 3) (parts.push('rowid IN (SELECT rowid FROM transactions_text WHERE transactions_text MATCH ?)'), p.push(`"${t.replace(/"/g, '""')}"`));
    where.push(`(${parts.join(' OR ')})`);
    params.push(...p);
  }
  if (m.customerIds) {
    if (!m.customerIds.length) return undefined;
    where.push(`customer_id IN ${inList(m.customerIds.length)}`);
    params.push(...m.customerIds);
  }
  if (m.amounts?.length && !m.customerIds && !m.id && !m.idTail) {
    // Why candidates: the closest amounts come from the ranked amount indexes alone (migration 038), each
    // currency group and amount column on its own, so only the rows shown (or, with words, the 2,000
    // closest, whose words are then read) are fetched from the table. With words the search is therefore
    // among the 2,000 payments closest to the amount: a bounded cost on a million rows, documented.
    const take = m.text ? WORDS_CANDIDATES : m.limit;
    const picks: string[] = [];
    for (const [amount, currency] of [['sent_amount', 'sending_currency'], ['received_amount', 'receiving_currency']] as const) {
      for (const r of m.amounts) {
        const days = `${m.from !== undefined ? ' AND created_at >= ?' : ''}${m.to !== undefined ? ' AND created_at <= ?' : ''}`;
        picks.push(`SELECT r FROM (SELECT rowid AS r FROM transactions WHERE ${amount} BETWEEN ? AND ? AND ${currency} IN ${inList(r.currencies.length)}${days} ORDER BY abs(${amount} - ?), created_at DESC LIMIT ?)`);
        params.push(r.min, r.max, ...r.currencies, ...(m.from !== undefined ? [m.from] : []), ...(m.to !== undefined ? [m.to] : []), r.target, take);
      }
    }
    where.push(`rowid IN (${picks.join(' UNION ALL ')})`);
  }
  const narrow = amountAndDaysSql([{ amount: 'sent_amount', currency: 'sending_currency' }, { amount: 'received_amount', currency: 'receiving_currency' }], m, 'created_at DESC, id DESC');
  where.push(...narrow.where);
  params.push(...narrow.params);
  if (!where.length) return undefined;
  return { sql: `SELECT * FROM transactions WHERE ${where.join(' AND ')} ORDER BY ${narrow.order} LIMIT ?`, params: [...params, ...narrow.orderParams, m.limit] };
}
