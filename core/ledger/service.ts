import type { Ctx } from '../context';
import type { Page } from '../kernel/pagination';
import { ledgerRepo, type Bucket, type LedgerEntry } from './repo';

/** A ledger line and the bucket it sits in (declared with their SQL in repo.ts). */
export type { Bucket, LedgerEntry } from './repo';

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
  private readonly repo;

  constructor(private readonly ctx: Ctx) {
    this.repo = ledgerRepo(ctx.db);
  }

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
      const lineRows = lines.map((l) => ({ id: this.ctx.ids('LedgerEntry'), accountId: l.accountId, currency: l.currency, amount: l.amount, bucket: l.bucket ?? 'AVAILABLE' as const }));
      this.repo.insert({ id: journalId, kind, refId, description, atMs: this.ctx.clock.nowMs(), lines: lineRows });
      return journalId;
    });
  }

  /** The balances of an account, computed from its entries. */
  balances(accountId: string): Balances {
    const s = this.repo.bucketSums(accountId);
    return { balance: s.AVAILABLE, totalBalance: s.AVAILABLE + s.PENDING + s.HELD };
  }

  /** The entries of an account, newest first, keyset-paged. */
  entries(accountId: string, limit: number, cursor?: string): Page<LedgerEntry> {
    return this.repo.entries(accountId, limit, cursor);
  }

  /** Accounts whose running balance differs from the sum of their entries (empty while the books are consistent). */
  driftedBalances(): { accountId: string; bucket: Bucket; running: number; entries: number }[] {
    return this.repo.drifted();
  }

  /** Every entry of the journals about these references (a transaction and its quote), in posting order. */
  entriesFor(refIds: string[]): LedgerEntry[] {
    return this.repo.entriesFor(refIds);
  }

  /** Each entry's account balance (in its bucket) right after it was posted, by entry id. */
  balancesAfter(entryIds: string[]): Map<string, number> {
    return this.repo.balancesAfter(entryIds);
  }

  /** Per-currency sums of every entry; all zero while the double-entry invariant holds. */
  trialBalance(): Record<string, number> {
    return Object.fromEntries(this.repo.trialBalance().map((r) => [r.currency, r.sum]));
  }
}
