import { findCurrency } from '../kernel/money';
import { redactPath } from '../kernel/redact';
import type { ApiCallMention } from '../kernel/request-log';
import { formatMinor } from '../story/money';
import { ledgerAccountLabel } from '../story/ledger-words';
import type { MoneyStoryContext } from '../story/money-story';
import { absoluteTime } from '../story/time-words';
import { eventTypeLabel, humanize, journalLabel } from '../story/words';
import type { CaseDelivery, CaseLedgerLine } from './facts';
import { esc, section, table } from './html';

/** An amount of minor units in its currency's units (`1,234.56 USD`), escaped; an unknown currency says so. */
export function money(amount: number, code: string, signed = false): string {
  const c = findCurrency(code);
  const text = c ? formatMinor(amount, c) : `${amount} minor units of ${code}`;
  const sign = signed && amount > 0 ? '+' : '';
  return `<span class="amount${signed ? (amount < 0 ? ' neg' : amount > 0 ? ' pos' : '') : ''}">${esc(sign + text)}</span>`;
}

/** A time cell: the instant in UTC. */
export const when = (iso: string) => `<span class="amount">${esc(absoluteTime(iso))}</span>`;

/** A real-world instant (wall clock); one recorded before wall times were kept shows its workspace time, marked so. */
const wallWhen = (wallAt: string | null, clockAt: string) => (wallAt ? when(wallAt) : `${when(clockAt)} <span class="meta">(workspace clock)</span>`);
const wallText = (wallAt: string | null, clockAt: string) => (wallAt ? absoluteTime(wallAt) : `${absoluteTime(clockAt)} (workspace clock)`);

const BUCKETS: Record<string, string> = { AVAILABLE: 'Available', HELD: 'On hold', PENDING: 'Pending' };

/** Who made a call, in words: the console, an agent (by name when known), or the platform's own API token. */
export function callerOf(call: ApiCallMention, agentNames: Readonly<Record<string, string>> = {}): string {
  if (call.source === 'CONSOLE') return 'Console';
  if (call.principal?.startsWith('Agent:')) return `Agent ${agentNames[call.principal] ?? ''}`.trim();
  return call.principal ? 'Platform (API token)' : 'Unauthenticated';
}

/** The ledger lines with the balance of their account (in its bucket) before and after each one. */
export function ledgerSection(lines: CaseLedgerLine[], label: (accountId: string) => string): string {
  const rows = lines.map((e) => [
    when(e.createdAt), `<span title="${esc(e.kind)}">${esc(journalLabel(e.kind))}</span>`, `<span title="${esc(e.accountId)}">${esc(label(e.accountId))}</span>`,
    esc(BUCKETS[e.bucket] ?? e.bucket), money(e.amount, e.currency, true), money(e.balanceBefore, e.currency), money(e.balanceAfter, e.currency),
  ]);
  return section('case-ledger', 'Ledger postings', table('ledger-table', ['When (workspace clock)', 'What', 'Account', 'Part of the balance', 'Amount', 'Balance before', 'Balance after'], rows,
    'No money has moved: nothing was posted to the ledger.'), 'Every line the payment wrote to the double-entry ledger; a balance is that account’s, in that part of it, around the line.');
}

/** A ledger account label for a payment's lines: the story's context names customers' balances. */
export const paymentAccountLabel = (ctx: MoneyStoryContext) => (accountId: string) => ledgerAccountLabel(accountId, ctx);

/** The API calls that touched the transaction (and its quote): method, path (redacted as the request log is), answer, time, caller. */
export function callsSection(calls: ApiCallMention[], agentNames: Readonly<Record<string, string>>, moreReads = 0): string {
  const rows = calls.map((c) => [wallWhen(c.wallAt, c.createdAt), esc(c.method), `<span class="id">${esc(redactPath(c.path))}</span>`, esc(String(c.status)), esc(callerOf(c, agentNames))]);
  const more = moreReads > 0
    ? `\n<p class="meta" data-testid="more-reads">…and ${moreReads.toLocaleString('en-US')} more ${moreReads === 1 ? 'read' : 'reads'}: older calls that only looked at it, left out (the request log keeps them all).</p>`
    : '';
  return section('case-api-calls', 'API calls that touched it', table('api-calls-table', ['When (wall clock)', 'Method', 'Path', 'Answer', 'Caller'], rows,
    'No API call named this payment (console actions and scheduled jobs are not API calls).') + more,
  'Every call that changed it and its newest reads; headers and bodies are left out; paths are redacted as the request log redacts them.');
}

const ATTEMPT_OUTCOMES: Record<string, string> = { SUCCEEDED: 'delivered', FAILED: 'failed', IN_FLIGHT: 'in flight' };

/** The webhook deliveries about the transaction: the event, where the delivery stands and each attempt's answer (no URL, body or signature). */
export function deliveriesSection(deliveries: CaseDelivery[]): string {
  const rows = deliveries.map((d) => [
    wallWhen(d.wallAt, d.createdAt), `<span title="${esc(d.type)}">${esc(eventTypeLabel(d.type))}</span>`, esc(humanize(d.status)), esc(String(d.attempts.length)),
    esc(d.attempts.map((a) => `#${a.number} ${ATTEMPT_OUTCOMES[a.outcome] ?? humanize(a.outcome)}${a.responseStatus ? ` (answered ${a.responseStatus})` : ' (no answer)'} at ${wallText(a.wallAt, a.at)}`).join('; ') || 'not attempted yet'),
  ]);
  return section('case-webhooks', 'Webhook deliveries', table('webhooks-table', ['Queued (wall clock)', 'Event', 'Delivery', 'Attempts', 'Answers'], rows,
    'No webhook was sent about it (no endpoint was configured, or no event was due).'));
}
