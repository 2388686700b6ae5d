import { edgeAccount, type Bucket, type LedgerService } from '../ledger/service';
import { formatMinor } from '../kernel/money';

/** A ledger position: an account and the bucket within it. */
export interface Position {
  accountId: string;
  bucket: Bucket;
}

/**
 * Where a payment's money is while it is in flight. It moves from `origin` to `hold` when the payment
 * starts, then to `success` when it settles, back to `refund` when it fails, or to the suspense edge when
 * even the refund fails. Every move is one balanced journal.
 */
export interface Funds {
  currency: string;
  amount: number;
  origin: Position;
  hold: Position;
  success: Position;
  refund: Position;
}

const at = (accountId: string, bucket: Bucket = 'AVAILABLE'): Position => ({ accountId, bucket });

/** An outgoing payment from an internal account: held in the account, paid out at the edge, refunded to the account. */
export function outgoingFromAccount(accountId: string, currency: string, amount: number): Funds {
  return { currency, amount, origin: at(accountId), hold: at(accountId, 'HELD'), success: at(edgeAccount('payout', currency)), refund: at(accountId) };
}

/** An outgoing payment funded just in time: in transit on its own account, refunded to the original instrument. */
export function outgoingRealtime(txId: string, currency: string, amount: number): Funds {
  const edge = at(edgeAccount('realtime-funding', currency));
  return { currency, amount, origin: edge, hold: at(`transit:${txId}`), success: at(edgeAccount('payout', currency)), refund: edge };
}

/** An incoming payment to an internal account: pending in the account until it settles, returned to its origin on failure. */
export function incomingToAccount(accountId: string, currency: string, amount: number, originKind: string): Funds {
  const edge = at(edgeAccount(originKind, currency));
  return { currency, amount, origin: edge, hold: at(accountId, 'PENDING'), success: at(accountId), refund: edge };
}

/** Posts the journals that move a payment's money; the ledger enforces the balance. */
export class FundsMover {
  constructor(private readonly ledger: LedgerService) {}

  /** origin -> hold, when the payment starts. */
  place(f: Funds, refId: string, why: string): void {
    this.move(f, f.origin, f.hold, refId, why);
  }

  /** hold -> success, when it settles. */
  settle(f: Funds, refId: string, why: string): void {
    this.move(f, f.hold, f.success, refId, why);
  }

  /** hold -> refund target, when it fails and the refund completes. */
  refund(f: Funds, refId: string, why: string): void {
    this.move(f, f.hold, f.refund, refId, why);
  }

  /** hold -> suspense edge, when the refund itself fails (operations must resolve it). */
  suspend(f: Funds, refId: string, why: string): void {
    this.move(f, f.hold, at(edgeAccount('suspense', f.currency)), refId, why);
  }

  /** success -> hold, when a settled payout comes back (a bank return). */
  unsettle(f: Funds, refId: string, why: string): void {
    this.move(f, f.success, f.hold, refId, why);
  }

  private move(f: Funds, from: Position, to: Position, refId: string, why: string): void {
    this.ledger.post(why, refId, `${why}: ${formatMinor(f.amount, f.currency)}`, [
      { accountId: from.accountId, bucket: from.bucket, currency: f.currency, amount: -f.amount },
      { accountId: to.accountId, bucket: to.bucket, currency: f.currency, amount: f.amount },
    ]);
  }
}
