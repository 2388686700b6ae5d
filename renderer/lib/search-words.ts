import type { SearchHit } from '../../core/console/search';
import type { Understood } from '../stores/search';
import { absoluteTime } from './time';
import { destinationOf, senderOf, type MoneyStoryContext } from './money-story';
import { TX_TYPE_LABELS, txView, type TxView } from './transactions';

/** A transaction hit as its row in the Transactions screen reads: amount, who to whom, the kind and what it is for, when. */
export interface TransactionHitView {
  tx: TxView;
  from: string;
  to: string;
  /** The kind and the description ("Outgoing · Rent"). */
  what: string;
  /** When it was made, in workspace time. */
  when: string;
}

/** Reads a transaction hit as its row does, naming parties from the context (falling back to the customer's name the hit carries). */
export function transactionHitView(hit: SearchHit, ctx: MoneyStoryContext): TransactionHitView | undefined {
  const t = hit.transaction;
  if (!t) return undefined;
  const tx = txView(t);
  const customer = hit.customerName || 'the customer';
  let from: string;
  let to: string;
  if (t.type === 'CARD') (from = `${customer} (card)`, to = t.merchant.descriptor);
  else {
    const sender = senderOf(t, ctx).label;
    const destination = destinationOf(t, ctx).label;
    // Why the fallback: the parties' names load after the hits; until then the customer's name the search sent is what we know.
    from = t.type === 'OUTGOING' && ctx.customers?.[t.customerId ?? ''] === undefined ? customer : sender;
    to = t.type === 'INCOMING' && ctx.customers?.[t.customerId ?? ''] === undefined ? customer : destination;
  }
  const what = [TX_TYPE_LABELS[t.type], t.type === 'CARD' ? 'card payment' : tx.description].filter(Boolean).join(' · ');
  return { tx, from, to, what, when: absoluteTime(tx.createdAt) };
}

/** What the search understood, in words ("Lucia · about 250 · 2026-11-27"), or '' when it read only words. */
export function understoodWords(u: Understood | null): string {
  if (!u) return '';
  const parts: string[] = [];
  if (u.id) parts.push(`id ${u.id}`);
  if (u.text) parts.push(`“${u.text}”`);
  if (u.amount) parts.push(u.currency ? `${u.amount} ${u.currency}` : u.amount);
  else if (u.currency) parts.push(u.currency);
  if (u.from) parts.push(u.from === u.to ? `on ${u.from}` : `from ${u.from} to ${u.to}`);
  return parts.length > 1 || u.amount || u.from ? parts.join(' · ') : '';
}
