import type { Db } from '../kernel/db';
import { isoOf } from '../kernel/clock';

/** Where an entry sits in its account: spendable, incoming-but-unsettled, or reserved for an outgoing payment. */
export type Bucket = 'AVAILABLE' | 'PENDING' | 'HELD';

/** One ledger line as the console shows it. */
export interface LedgerEntry {
  id: string;
  journalId: string;
  kind: string;
  refId: string | null;
  description: string;
  accountId: string;
  currency: string;
  amount: number;
  bucket: Bucket;
  createdAt: string;
}

/** A ledger line joined with its journal. */
export interface LedgerEntryRow {
  seq: number;
  id: string;
  journal_id: string;
  kind: string;
  ref_id: string | null;
  description: string;
  account_id: string;
  currency: string;
  amount: number;
  bucket: Bucket;
  created_at: number;
}

/** Maps a joined row to a LedgerEntry. */
export function entryFromRow(r: LedgerEntryRow): LedgerEntry {
  return {
    id: r.id, journalId: r.journal_id, kind: r.kind, refId: r.ref_id, description: r.description,
    accountId: r.account_id, currency: r.currency, amount: r.amount, bucket: r.bucket, createdAt: isoOf(r.created_at),
  };
}

/** Sums of an account's entries per bucket (from the running balances kept beside the entries). */
export function bucketSums(db: Db, accountId: string): Record<Bucket, number> {
  const rows = db.prepare('SELECT bucket, amount AS s FROM account_balances WHERE account_id = ?').all(accountId) as { bucket: Bucket; s: number }[];
  const out: Record<Bucket, number> = { AVAILABLE: 0, PENDING: 0, HELD: 0 };
  for (const r of rows) out[r.bucket] = r.s;
  return out;
}

/** SELECT of entries joined with journals, for paging. */
export const ENTRY_SELECT = `SELECT e.seq, e.id, e.journal_id, j.kind, j.ref_id, j.description, e.account_id, e.currency,
  e.amount, e.bucket, e.created_at FROM ledger_entries e JOIN ledger_journals j ON j.id = e.journal_id`;
