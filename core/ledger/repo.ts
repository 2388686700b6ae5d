import type { Db } from '../kernel/db';
import { isoOf } from '../kernel/clock';
import { selectPage, type Page } from '../kernel/pagination';

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

/** A journal to store, with its lines (already checked to balance). */
export interface NewJournal {
  id: string;
  kind: string;
  refId: string | null;
  description: string;
  atMs: number;
  lines: { id: string; accountId: string; currency: string; amount: number; bucket: Bucket }[];
}

/** A ledger line joined with its journal. */
interface LedgerEntryRow {
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

function entryFromRow(r: LedgerEntryRow): LedgerEntry {
  return {
    id: r.id, journalId: r.journal_id, kind: r.kind, refId: r.ref_id, description: r.description,
    accountId: r.account_id, currency: r.currency, amount: r.amount, bucket: r.bucket, createdAt: isoOf(r.created_at),
  };
}

const ENTRY_SELECT = `SELECT e.seq, e.id, e.journal_id, j.kind, j.ref_id, j.description, e.account_id, e.currency,
  e.amount, e.bucket, e.created_at FROM ledger_entries e JOIN ledger_journals j ON j.id = e.journal_id`;

/** The SQL of the ledger (journals, entries and running balances), prepared once over a workspace's database. */
export function ledgerRepo(db: Db) {
  const insertJournal = db.prepare('INSERT INTO ledger_journals (id, kind, ref_id, description, created_at) VALUES (?, ?, ?, ?, ?)');
  const insertEntry = db.prepare('INSERT INTO ledger_entries (id, journal_id, account_id, currency, amount, bucket, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)');
  // Running balances are kept beside the entries so a balance is one indexed read, not a sum.
  const bump = db.prepare(
    `INSERT INTO account_balances (account_id, bucket, currency, amount) VALUES (?, ?, ?, ?)
     ON CONFLICT (account_id, bucket) DO UPDATE SET amount = amount + excluded.amount`,
  );
  const sums = db.prepare<[string], { bucket: Bucket; s: number }>('SELECT bucket, amount AS s FROM account_balances WHERE account_id = ?');
  const drifted = db.prepare<[], { accountId: string; bucket: Bucket; running: number; entries: number }>(
    `SELECT b.account_id AS accountId, b.bucket, b.amount AS running, coalesce(s.total, 0) AS entries FROM account_balances b
     LEFT JOIN (SELECT account_id, bucket, sum(amount) AS total FROM ledger_entries GROUP BY account_id, bucket) s
       ON s.account_id = b.account_id AND s.bucket = b.bucket
     WHERE b.amount != coalesce(s.total, 0)`,
  );
  const trial = db.prepare<[], { currency: string; s: number }>('SELECT currency, sum(amount) AS s FROM ledger_entries GROUP BY currency');
  return {
    /** Writes a journal, its entries and the running balances they move (call inside the caller's transaction). */
    insert(j: NewJournal): void {
      insertJournal.run(j.id, j.kind, j.refId, j.description, j.atMs);
      for (const l of j.lines) {
        insertEntry.run(l.id, j.id, l.accountId, l.currency, l.amount, l.bucket, j.atMs);
        bump.run(l.accountId, l.bucket, l.currency, l.amount);
      }
    },
    /** Sums of an account's entries per bucket (from the running balances). */
    bucketSums(accountId: string): Record<Bucket, number> {
      const out: Record<Bucket, number> = { AVAILABLE: 0, PENDING: 0, HELD: 0 };
      for (const r of sums.all(accountId)) out[r.bucket] = r.s;
      return out;
    },
    /** The entries of an account, newest first, keyset-paged. */
    entries(accountId: string, limit: number, cursor?: string): Page<LedgerEntry> {
      return selectPage<LedgerEntryRow, LedgerEntry>(db, {
        select: ENTRY_SELECT, from: 'FROM ledger_entries e', where: ['e.account_id = ?'], params: [accountId],
        limit, cursor, order: 'desc', keyColumn: 'e.seq', idColumn: 'e.id',
        map: entryFromRow, position: (r) => ({ k: r.seq, id: r.id }),
      });
    },
    /** Every entry of the journals about these references (a transaction and its quote), in order. */
    entriesFor(refIds: string[]): LedgerEntry[] {
      if (!refIds.length) return [];
      const rows = db.prepare(`${ENTRY_SELECT} WHERE j.ref_id IN (${refIds.map(() => '?').join(', ')}) ORDER BY e.seq`).all(...refIds) as LedgerEntryRow[];
      return rows.map(entryFromRow);
    },
    /**
     * The balance of each entry's account and bucket right after it was posted (the sum of that
     * account's entries up to it), by entry id: a case file shows balances before and after each line.
     */
    balancesAfter(entryIds: string[]): Map<string, number> {
      if (!entryIds.length) return new Map();
      const rows = db.prepare(`SELECT e.id, (SELECT coalesce(sum(x.amount), 0) FROM ledger_entries x
          WHERE x.account_id = e.account_id AND x.bucket = e.bucket AND x.seq <= e.seq) AS after
        FROM ledger_entries e WHERE e.id IN (${entryIds.map(() => '?').join(', ')})`).all(...entryIds) as { id: string; after: number }[];
      return new Map(rows.map((r) => [r.id, r.after]));
    },
    /** Accounts whose running balance differs from the sum of their entries. */
    drifted(): { accountId: string; bucket: Bucket; running: number; entries: number }[] {
      return drifted.all();
    },
    /** Per-currency sums of every entry. */
    trialBalance(): { currency: string; sum: number }[] {
      return trial.all().map((r) => ({ currency: r.currency, sum: r.s }));
    },
  };
}
