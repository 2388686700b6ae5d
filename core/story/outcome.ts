import type { TxHistoryEntry } from '../transactions/service';
import type { Refund, TxStatus } from '../transactions/schema';
import type { StatusTone } from './tone';
import type { Party } from './money-story';
import type { Worded } from './words';
import { FAILURE_WORDS, reasonWords, statusWords } from './failure-words';
import { absoluteTime } from './time-words';

/** The fields of a transaction its outcome reads. */
export interface OutcomeTx {
  type: 'INCOMING' | 'OUTGOING';
  status: TxStatus;
  quoteId?: string | undefined;
  failureReason?: string | undefined;
  refund?: Refund | undefined;
  settledAt?: string | undefined;
  source?: { sourceType: string } | undefined;
}

/** A transaction's outcome for people: what happened, whether the money came back, and where it is now. */
export interface Outcome {
  tone: StatusTone;
  title: string;
  happened: string;
  /** Whether the money came back (failures only). */
  moneyBack?: string;
  whereNow: string;
  reason?: Worded;
  refund?: { status: Refund['status']; title: string; reference: string; because?: string };
  /** The instants that matter, labelled truthfully: a returned payment was "Paid out" then "Returned", never "Settled". */
  times: { label: string; iso: string }[];
}

const FAILED: readonly string[] = ['FAILED', 'REJECTED', 'REFUNDED'];

/**
 * The API answers an outgoing payment the receiver rejected or the user cancelled as FAILED (upstream's
 * outgoing statuses have no REJECTED or REFUNDED); its history keeps the finer word, which reads better.
 */
function withFinerStatus(tx: OutcomeTx, history: readonly TxHistoryEntry[]): OutcomeTx {
  if (tx.type !== 'OUTGOING' || tx.status !== 'FAILED') return tx;
  const last = [...history].reverse().find((h) => FAILED.includes(h.status));
  return last && (last.status === 'REJECTED' || last.status === 'REFUNDED') ? { ...tx, status: last.status } : tx;
}

/** `Alice Johnson’s`, `the platform’s`. */
const whose = (p: Party) => `${p.role === 'PLATFORM' ? p.name.replace(/^The /, 'the ') : p.name}’s`;
const at = (p: Party) => (p.via ? `${whose(p)} ${p.via}` : p.name);

function whereNow(tx: OutcomeTx, from: Party, to: Party): string {
  const realtime = tx.source?.sourceType === 'REALTIME_FUNDING';
  if (tx.type === 'INCOMING') {
    if (tx.status === 'COMPLETED') return `In ${at(to)}, ready to spend.`;
    if (tx.status === 'PENDING' || tx.status === 'PROCESSING') return `Pending in ${at(to)}; it can be spent once it settles.`;
    if (FAILED.includes(tx.status)) return `With ${from.name}: it never reached ${to.name}.`;
    return 'Nothing has arrived.';
  }
  switch (tx.status) {
    case 'COMPLETED': return `With ${to.name}${to.via || to.account ? `: ${[to.via, to.account].filter(Boolean).join(' · ')}` : ''}.`;
    case 'PROCESSING': return `On its way to ${to.name}.`;
    case 'PENDING': return tx.quoteId || realtime ? `Still with ${from.name}: nothing has moved yet.` : `Held in ${at(from)} until the transfer completes.`;
    case 'CREATED':
    case 'EXPIRED': return `Still with ${from.name}: no money moved.`;
  }
  const r = tx.refund;
  if (!r) return `Still with ${from.name}: no money left ${realtime ? 'the payer' : 'the account'}.`;
  if (r.status === 'PENDING') return `On its way back to ${from.name}.`;
  if (r.status === 'FAILED') return `In the platform’s suspense account until operations resolve it; ${from.name} has not been paid back.`;
  return realtime ? `Back with ${from.name}, on the payment method they paid with.` : `Back in ${at(from)}.`;
}

function moneyBack(tx: OutcomeTx, from: Party): string | undefined {
  if (!FAILED.includes(tx.status)) return undefined;
  if (tx.type === 'INCOMING') return `Nothing to give back: the money went back to ${from.name}.`;
  const r = tx.refund;
  if (!r) return `Nothing to give back: the money never left ${from.name}.`;
  const words = FAILURE_WORDS.refunds[r.status];
  const when = r.status === 'COMPLETED' && r.settledAt ? ` on ${absoluteTime(r.settledAt)}` : '';
  return `${words.back.replace('{payer}', from.name).replace(/\.$/, '')}${when}.`;
}

function times(tx: OutcomeTx, history: readonly TxHistoryEntry[]): Outcome['times'] {
  const out: Outcome['times'] = [];
  const returned = tx.failureReason === 'PAYOUT_RETURNED';
  if (tx.settledAt) out.push({ label: tx.status === 'COMPLETED' ? (tx.type === 'INCOMING' ? 'Received' : 'Settled') : 'Paid out', iso: tx.settledAt });
  if (FAILED.includes(tx.status)) {
    const failedAt = history.find((h) => h.status === tx.status)?.at;
    if (failedAt) out.push({ label: returned ? 'Returned' : tx.status === 'REFUNDED' ? 'Cancelled' : tx.status === 'REJECTED' ? 'Rejected' : 'Failed', iso: failedAt });
  }
  if (tx.refund?.settledAt) out.push({ label: 'Refunded', iso: tx.refund.settledAt });
  return out;
}

/**
 * What happened to a transaction, in a sentence each: the failure reason (or the status) in words,
 * whether the money came back (with the refund's state), and where the money is now.
 */
export function explainOutcome(answered: OutcomeTx, parties: { from: Party; to: Party }, history: readonly TxHistoryEntry[] = []): Outcome {
  const tx = withFinerStatus(answered, history);
  const status = statusWords(tx.status, tx.type);
  const reason = tx.failureReason ? reasonWords(tx.failureReason) : undefined;
  const failed = FAILED.includes(tx.status) || tx.status === 'EXPIRED';
  const outcome: Outcome = {
    tone: status.tone,
    title: failed && reason ? reason.title : status.title,
    happened: failed && reason ? reason.happened : status.sentence,
    whereNow: whereNow(tx, parties.from, parties.to),
    times: times(tx, history),
  };
  if (tx.type === 'OUTGOING' && tx.status === 'COMPLETED') outcome.happened = `The money reached ${parties.to.name}.`;
  if (tx.type === 'INCOMING' && tx.status === 'COMPLETED') outcome.happened = `The money arrived from ${parties.from.name} and was credited.`;
  const back = moneyBack(tx, parties.from);
  if (back) outcome.moneyBack = back;
  if (tx.failureReason) outcome.reason = { text: reasonWords(tx.failureReason).title, code: tx.failureReason };
  if (tx.refund) {
    const r = tx.refund;
    outcome.refund = { status: r.status, title: FAILURE_WORDS.refunds[r.status].title, reference: r.reference, ...(r.reason ? { because: FAILURE_WORDS.refundReasons[r.reason] } : {}) };
  }
  return outcome;
}

/** The story as plain-text lines for the copied summary: who paid whom, what happened, the money back, where it is now. */
export function outcomeLines(from: Party, to: Party, o: Outcome): string[] {
  const lines = [`From ${from.label}`, `To ${to.label}`, `What happened: ${o.title}. ${o.happened}`];
  if (o.moneyBack) lines.push(`Money back: ${o.moneyBack}`);
  lines.push(`Where it is now: ${o.whereNow}`);
  if (o.refund) lines.push(`Refund ${o.refund.reference}: ${o.refund.title}${o.refund.because ? ` (${o.refund.because})` : ''}`);
  return lines;
}
