import type { Ctx } from '../context';
import { selectPage, type Page } from '../kernel/pagination';
import { bucketSums, entryFromRow, ENTRY_SELECT, type Bucket, type LedgerEntry, type LedgerEntryRow } from './repo';

/** One line of a journal to post. Positive amounts credit the account, negative amounts debit it. */
export interface JournalLine {
  accountId: string;
  currency: string;
  amount: number;
  bucket?: Bucket;
}

/** The account at the sandbox's edge that money enters from or leaves to (`edge:<kind>:<CUR>`). */
export function edgeAccount(kind: string, currency: string): string {
  return `edge:${kind}:${currency}`;
}

/** Balances of one account: `balance` is spendable; `totalBalance` also counts pending credits and holds. */
export interface Balances {
  balance: number;
  totalBalance: number;
}

/**
 * The double-entry ledger. Balances change only here, through journals whose lines sum to zero per
 * currency, written inside the transaction of the state change that causes them.
 */
export class LedgerService {
  constructor(private readonly ctx: Ctx) {}

  /** Posts a balanced journal; an unbalanced one is a programming error and throws. */
  post(kind: string, refId: string | null, description: string, lines: JournalLine[]): string {
    const sums = new Map<string, number>();
    for (const l of lines) {
      if (!Number.isSafeInteger(l.amount)) throw new Error(`ledger amount ${l.amount} is not a safe integer`);
      sums.set(l.currency, (sums.get(l.currency) ?? 0) + l.amount);
    }
    for (const [cur, sum] of sums) if (sum !== 0) throw new Error(`journal ${kind} does not balance in ${cur} (off by ${sum})`);
    return this.ctx.transaction(() => {
      const journalId = this.ctx.ids('Journal');
      const now = this.ctx.clock.nowMs();
      this.ctx.db
        .prepare('INSERT INTO ledger_journals (id, kind, ref_id, description, created_at) VALUES (?, ?, ?, ?, ?)')
        .run(journalId, kind, refId, description, now);
      const insert = this.ctx.db.prepare(
        'INSERT INTO ledger_entries (id, journal_id, account_id, currency, amount, bucket, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
      );
      const bump = this.ctx.db.prepare(
        `INSERT INTO account_balances (account_id, bucket, currency, amount) VALUES (?, ?, ?, ?)
         ON CONFLICT (account_id, bucket) DO UPDATE SET amount = amount + excluded.amount`,
      );
      for (const l of lines) {
        insert.run(this.ctx.ids('LedgerEntry'), journalId, l.accountId, l.currency, l.amount, l.bucket ?? 'AVAILABLE', now);
        bump.run(l.accountId, l.bucket ?? 'AVAILABLE', l.currency, l.amount);
      }
      return journalId;
    });
  }

  /** The balances of an account, computed from its entries. */
  balances(accountId: string): Balances {
    const s = bucketSums(this.ctx.db, accountId);
    return { balance: s.AVAILABLE, totalBalance: s.AVAILABLE + s.PENDING + s.HELD };
  }

  /** The entries of an account, newest first, keyset-paged. */
  entries(accountId: string, limit: number, cursor?: string): Page<LedgerEntry> {
    return selectPage<LedgerEntryRow, LedgerEntry>(this.ctx.db, {
      select: ENTRY_SELECT, from: 'FROM ledger_entries e', where: ['e.account_id = ?'], params: [accountId],
      limit, cursor, order: 'desc', keyColumn: 'e.seq', idColumn: 'e.id',
      map: entryFromRow, position: (r) => ({ k: r.seq, id: r.id }),
    });
  }

  /** Accounts whose running balance differs from the sum of their entries (empty while the books are consistent). */
  driftedBalances(): { accountId: string; bucket: Bucket; running: number; entries: number }[] {
    return this.ctx.db
      .prepare(
        `SELECT b.account_id AS accountId, b.bucket, b.amount AS running, coalesce(s.total, 0) AS entries FROM account_balances b
         LEFT JOIN (SELECT account_id, bucket, sum(amount) AS total FROM ledger_entries GROUP BY account_id, bucket) s
           ON s.account_id = b.account_id AND s.bucket = b.bucket
         WHERE b.amount != coalesce(s.total, 0)`,
      )
      .all() as { accountId: string; bucket: Bucket; running: number; entries: number }[];
  }

  /** Per-currency sums of every entry; all zero while the double-entry invariant holds. */
  trialBalance(): Record<string, number> {
    const rows = this.ctx.db.prepare('SELECT currency, sum(amount) AS s FROM ledger_entries GROUP BY currency').all() as { currency: string; s: number }[];
    return Object.fromEntries(rows.map((r) => [r.currency, r.s]));
  }
}
