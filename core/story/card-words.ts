import type { CardTransaction } from '../transactions/card-schema';
import type { CardTxEvent } from '../cards/transactions';
import { formatMinor, type CurrencyLike } from './money';
import type { TimelineEntry } from './timeline';
import { absoluteTime } from './time-words';

// Card transactions in words: shared by the Cards screen (renderer/lib/cards.ts re-exports them) and the case file.

/** What happened to a card transaction, in one sentence for support staff. */
export function cardTxSentence(t: CardTransaction, holder: string | undefined, owed = 0): string {
  const cur = t.authorizedAmount.currency;
  const m = (n: number) => formatMinor(n, cur);
  const who = holder ? `${holder}'s card` : 'The card';
  const whose = holder ? `${holder}'s card` : 'the card';
  const at = t.merchant.descriptor;
  const settled = t.settledAmount?.amount ?? 0;
  const refunded = t.refundedAmount?.amount ?? 0;
  const pending = t.pullSummary?.pendingCount ?? 0;
  if (t.direction === 'CREDIT') {
    switch (t.status) {
      case 'AUTHORIZED':
        return `${at} authorized a credit of ${m(t.authorizedAmount.amount)} to ${whose}; it is paid into the funding account when it clears.`;
      case 'PARTIALLY_SETTLED':
        return `${at} has credited ${m(settled)} of the ${m(t.authorizedAmount.amount)} authorized to ${whose}; the rest arrives with more clearings.`;
      default:
        return settled ? `${at} credited ${m(settled)} to ${whose}; it is in the funding account.` : `The credit of ${m(t.authorizedAmount.amount)} from ${at} expired without being paid.`;
    }
  }
  switch (t.status) {
    case 'AUTHORIZED':
      return t.authorizedAmount.amount === 0 && settled === 0
        ? `${who} was checked at ${at}; nothing was charged.`
        : `${who} was authorized for ${m(t.authorizedAmount.amount)} at ${at}. ${pending ? 'The money is still being pulled from the funding account.' : 'The amount is on hold in the funding account; nothing has been paid to the merchant yet.'}`;
    case 'PARTIALLY_SETTLED':
      return `${at} has collected ${m(settled)} of the ${m(t.authorizedAmount.amount)} authorized on ${whose}; the rest stays on hold until more clearings arrive or the authorization expires.`;
    case 'SETTLED':
      if (settled === 0) return `The authorization of ${m(t.authorizedAmount.amount)} at ${at} expired without being charged; the hold was released to the account.`;
      return `${at} was paid ${m(settled)} from ${whose}${settled > t.authorizedAmount.amount ? ` (${m(settled - t.authorizedAmount.amount)} more than authorized, pulled afterwards)` : ''}${refunded ? `; ${m(refunded)} of it was returned` : ''}.`;
    case 'REFUNDED':
      return `${at} returned the whole ${m(refunded)}; the money is back in the funding account.`;
    case 'EXCEPTION':
      return `The card network ${settled ? `paid ${at} ${m(settled)}` : `approved ${m(t.authorizedAmount.amount)} at ${at}`}, but pulling the money from the funding account failed${owed ? `: ${m(owed)} is owed` : ''}. This needs manual resolution.`;
  }
}

const TITLES: Record<CardTxEvent['kind'], (e: CardTxEvent, m: (n: number) => string) => string> = {
  AUTHORIZATION: (e, m) => `Authorized ${m(e.amount)}`,
  PULL: (e, m) => ({ CONFIRMED: `Pulled ${m(e.amount)} from the account`, PENDING: `Pulling ${m(e.amount)} from the account`, FAILED: `Pull of ${m(e.amount)} failed`, DONE: `Pulled ${m(e.amount)}` })[e.outcome],
  CLEARING: (e, m) => `Cleared ${m(e.amount)}: paid to the merchant`,
  EXPIRY: (e, m) => `Authorization expired, ${m(e.amount)} released`,
  REFUND: (e, m) => `Merchant returned ${m(e.amount)}`,
  RETURN_REVERSAL: (e, m) => `Return of ${m(e.amount)} reversed`,
  AUTHORIZATION_ADVICE: (e, m) => `Authorization changed to ${m(e.amount)}`,
};

// A credit's money comes from the network into the account: its events read the other way round.
const CREDIT_TITLES: Partial<typeof TITLES> = {
  AUTHORIZATION: (e, m) => `Credit of ${m(e.amount)} authorized`,
  CLEARING: (e, m) => `Cleared ${m(e.amount)}: paid into the account`,
  EXPIRY: () => 'Credit expired without being paid',
  AUTHORIZATION_ADVICE: (e, m) => `Credit of ${m(e.amount)} advised by the network`,
};

/**
 * When a card hold ends, for a debit still holding money (null otherwise). The sandbox never releases a hold by
 * itself (no expiry job, as upstream documents none): it says so, and how a release is rehearsed, rather than
 * invent an expiry date. `authorizedAt` is on the workspace clock.
 */
export function cardHoldWords(t: Pick<CardTransaction, 'status' | 'direction' | 'authorizedAt'>, held: number, currency: CurrencyLike): string | null {
  if (t.direction === 'CREDIT' || held <= 0 || (t.status !== 'AUTHORIZED' && t.status !== 'PARTIALLY_SETTLED')) return null;
  return `${formatMinor(held, currency)} on hold since ${absoluteTime(t.authorizedAt)} (workspace time). It does not expire by itself in this sandbox: `
    + 'it stays until the merchant clears it, or until a clearing of 0 releases it, as an expired authorization would.';
}

const PULL_PURPOSES: Record<string, string> = {
  hold: 'to put it on hold', 'post-hoc': 'after the clearing (more than was authorized)', settlement: 'to pay the merchant',
};

/**
 * A card event's note in words. The core writes pulls as `<purpose> pull[ detail]` ("hold pull", "post-hoc
 * pull failed: ..."); people read what happened to the money. Other notes are sentences already.
 */
export function cardNoteWords(note: string): string {
  const m = /^(hold|post-hoc|settlement) pull(.*)$/.exec(note);
  if (!m) return note;
  const why = PULL_PURPOSES[m[1]!]!;
  const rest = m[2]!.trim();
  if (!rest) return `Taken from the funding account ${why}`;
  if (rest.startsWith('pending')) return `Being taken from the funding account ${why} (${rest.replace(/^pending /, '')})`;
  if (rest.startsWith('failed:')) return `Could not be taken from the funding account ${why}: ${rest.slice('failed:'.length).trim()}`;
  if (rest.startsWith('reported FAILED')) return `Taken from the funding account ${why}, then reported as failed`;
  return `Taken from the funding account ${why} (${rest})`;
}

/** A card transaction's events as timeline entries (the one timeline component); a CREDIT's read as money coming in. */
export function cardEventEntries(events: readonly CardTxEvent[], currency: CurrencyLike, direction: 'DEBIT' | 'CREDIT' = 'DEBIT'): TimelineEntry[] {
  const m = (n: number) => formatMinor(n, currency);
  return events.map((e) => ({
    key: String(e.seq), title: ((direction === 'CREDIT' ? CREDIT_TITLES[e.kind] : undefined) ?? TITLES[e.kind])(e, m), code: `${e.kind} ${e.outcome}`,
    status: e.kind === 'PULL' && e.outcome !== 'CONFIRMED' ? (e.outcome === 'FAILED' ? 'FAILED' : 'PENDING') : e.statusAfter,
    at: e.resolvedAt ?? e.at, detail: e.note ? cardNoteWords(e.note) : undefined,
  }));
}

/** One point of the reconciliation picture: after each event, how much was authorized, pulled and paid (net). */
export interface ReconPoint {
  label: string;
  kind: CardTxEvent['kind'];
  authorized: number;
  pulled: number;
  paid: number;
}

/** Running totals after each event; the last point equals the transaction's summaries. */
export function reconPoints(events: readonly CardTxEvent[], currency: CurrencyLike): ReconPoint[] {
  const m = (n: number) => formatMinor(n, currency);
  let authorized = 0;
  let pulled = 0;
  let paid = 0;
  return events.map((e) => {
    if (e.kind === 'AUTHORIZATION' || e.kind === 'AUTHORIZATION_ADVICE') authorized = e.amount;
    if (e.kind === 'PULL' && e.outcome === 'CONFIRMED') pulled += e.amount;
    if (e.kind === 'CLEARING' || e.kind === 'RETURN_REVERSAL') paid += e.amount;
    if (e.kind === 'REFUND') paid -= e.amount;
    return { label: TITLES[e.kind](e, m), kind: e.kind, authorized, pulled, paid };
  });
}
