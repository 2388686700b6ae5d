import type { ApiCallMention } from '../kernel/request-log';
import type { TxHistoryEntry } from '../transactions/service';
import { formatMoney, formatMinor } from '../story/money';
import { destinationOf, senderOf, type Party } from '../story/money-story';
import { explainOutcome, type Outcome } from '../story/outcome';
import { statusWords } from '../story/failure-words';
import { historyEntries } from '../story/timeline';
import { absoluteTime } from '../story/time-words';
import { scenarioLabel } from '../story/words';
import { rateBothWays } from '../story/rates';
import { callerOf, when } from './activity';
import { pathDiagram, type PathEdge, type PathNode } from './diagram';
import type { CaseFacts, PaymentCase } from './facts';
import { esc, facts, section, table } from './html';

type Payment = PaymentCase & CaseFacts;

/** What kind of payment it is, in words, from its type and the scenario table it plays. */
export function paymentKind(p: Payment): string {
  const kind = p.scenario.split(':')[0];
  const by = p.agent ? ` initiated by agent ${p.agent.name}` : '';
  if (kind === 'TRANSFER') return `${p.transaction.type === 'OUTGOING' ? 'Transfer out to a bank account' : 'Transfer in from a bank account'}${by}`;
  if (kind === 'UMA_RECEIVE' || (p.transaction.type === 'INCOMING' && p.transaction.source?.sourceType === 'UMA_ADDRESS')) return `Incoming UMA payment${by}`;
  return `${p.transaction.type === 'OUTGOING' ? 'Outgoing payment' : 'Incoming payment'}${by}`;
}

/** The parties and the outcome, as the drawer computes them (the same functions, so the file and the drawer agree). */
export function paymentStory(p: Payment): { from: Party; to: Party; outcome: Outcome } {
  const from = senderOf(p.transaction, p.context);
  const to = destinationOf(p.transaction, p.context);
  return { from, to, outcome: explainOutcome(p.transaction, { from, to }, p.history) };
}

/** The story in sentences: who paid whom how much over which rail, what happened, the money back, where it is now. */
export function storySection(p: Payment, story: ReturnType<typeof paymentStory>): string {
  const { from, to, outcome: o } = story;
  const tx = p.transaction;
  const sent = tx.sentAmount ? formatMoney(tx.sentAmount) : undefined;
  const received = formatMoney(tx.receivedAmount);
  const rail = to.rail ? ` over ${to.rail}` : '';
  const lines = [
    `<p class="headline" data-testid="case-headline">${esc(`${from.name} → ${to.name}: ${sent ?? received}${rail}.`)}</p>`,
    `<p>${esc(`${from.label} ${tx.status === 'COMPLETED' ? 'sent' : 'is sending'} ${sent ?? received}; ${to.name} ${tx.status === 'COMPLETED' ? 'received' : 'is to receive'} ${received}.`)}</p>`,
    `<p><strong>What happened:</strong> <span data-testid="outcome-title">${esc(o.title)}</span>. <span data-testid="outcome-happened">${esc(o.happened)}</span></p>`,
  ];
  if (o.reason) lines.push(`<p class="meta">Failure reason: <span title="${esc(o.reason.code)}">${esc(o.reason.text)}</span></p>`);
  if (o.moneyBack) lines.push(`<p><strong>Money back:</strong> <span data-testid="outcome-money-back">${esc(o.moneyBack)}</span></p>`);
  lines.push(`<p><strong>Where the money is now:</strong> <span data-testid="outcome-where">${esc(o.whereNow)}</span></p>`);
  if (o.refund) lines.push(`<p>${esc(`Refund ${o.refund.reference}: ${o.refund.title}${o.refund.because ? ` (${o.refund.because})` : ''}.`)}</p>`);
  const action = p.agent?.action;
  if (p.agent && action?.status === 'PENDING_APPROVAL') {
    const reasons = action.approvalReasons.length ? ` Why: ${action.approvalReasons.join('; ')}.` : '';
    lines.push(`<p data-testid="agent-approval"><strong>Waiting for approval:</strong> ${esc(`agent ${p.agent.name} asked for this payment on ${absoluteTime(new Date(action.createdAt).toISOString())} (workspace clock). If the platform approves it, ${sent ?? received} goes to ${to.label}; nothing moves until then.${reasons}`)}</p>`);
  } else if (p.agent && action) {
    lines.push(`<p data-testid="agent-approval">${esc(`Agent ${p.agent.name} asked for this payment; the request was ${action.status === 'APPROVED' ? 'approved' : action.status === 'REJECTED' ? `rejected${action.rejectionReason ? ` (${action.rejectionReason})` : ''}` : 'not carried out'}.`)}</p>`);
  }
  return `<section class="story" data-testid="case-story"><h2>What happened</h2>${lines.join('\n')}</section>`;
}

/** The parties (names, banks, masked accounts, UMA addresses) and the amounts, fees, rate and quote. */
export function partiesSection(p: Payment, story: ReturnType<typeof paymentStory>): string {
  const tx = p.transaction;
  const party = (x: Party) => esc([x.name, x.via, x.account, x.rail].filter(Boolean).join(' · '));
  const sentCurrency = tx.sentAmount?.currency ?? p.quote?.sendingCurrency;
  const fees = tx.fees !== undefined && sentCurrency ? formatMinor(tx.fees, sentCurrency) : undefined;
  const rate = tx.type === 'OUTGOING' && tx.exchangeRate && tx.sentAmount && tx.sentAmount.currency.code !== tx.receivedAmount.currency.code
    ? rateBothWays(tx.exchangeRate, tx.sentAmount.currency.code, tx.receivedAmount.currency.code).join(' · ') : undefined;
  const q = p.quote;
  const quote = q ? `<span class="id">${esc(q.id)}</span> · ${esc(statusWords(q.status, 'OUTGOING').title.toLowerCase())}, made ${esc(absoluteTime(q.createdAt))}, price held until ${esc(absoluteTime(q.expiresAt))}` : undefined;
  const reference = tx.type === 'OUTGOING' ? tx.reconciliationInstructions.reference : tx.reconciliationInstructions?.reference;
  return section('case-parties', 'Parties and amounts', facts('case-facts', [
    ['From', party(story.from)], ['To', party(story.to)],
    ['Amount sent', tx.sentAmount ? `<span class="amount" data-testid="amount-sent">${esc(formatMoney(tx.sentAmount))}</span>` : undefined],
    ['Amount received', `<span class="amount" data-testid="amount-received">${esc(formatMoney(tx.receivedAmount))}</span>`],
    ['Fees', fees ? `<span class="amount">${esc(fees)}</span>` : undefined], ['Exchange rate', rate ? esc(rate) : undefined],
    ['Quote it came from', quote], ['Payment reference', reference ? esc(reference) : undefined],
    ['Description', tx.description ? esc(tx.description) : undefined],
    ['Sandbox scenario', `<span title="${esc(p.scenario)}">${esc(scenarioLabel(p.scenario))}</span>`],
    ['Transaction', `<span class="id">${esc(tx.id)}</span>`], ['Status', `<span title="${esc(tx.status)}">${esc(statusWords(tx.status, tx.type).title)}</span>`],
  ]));
}

// The calls that make each cause (by path), so a history entry is paired with the call that caused it, not one at the same instant.
const CAUSE_PATHS: Record<string, RegExp> = {
  QUOTE_CREATED: /\/quotes$/, QUOTE_EXECUTED: /\/quotes\/[^/]+\/execute$|\/transactions\/[^/]+\/approve$/, TRANSFER_OUT_CREATED: /\/transfer-out$|\/approve$/,
  TRANSFER_IN_CREATED: /\/transfer-in$|\/approve$/, REALTIME_FUNDS_RECEIVED: /\/sandbox\/.*fund|\/send$/,
};

/** The call that caused a history entry (same cause path, within a second of it), else the workspace clock's job. */
export function causeOf(h: TxHistoryEntry, calls: ApiCallMention[], agentNames: Readonly<Record<string, string>>): string {
  const pattern = CAUSE_PATHS[h.cause];
  const at = Date.parse(h.at);
  const call = pattern && calls.find((c) => c.method !== 'GET' && pattern.test(c.path) && Math.abs(c.created_at - at) <= 1000);
  if (call) return `${callerOf(call, agentNames)}: ${call.method} ${call.path}`;
  return pattern ? 'A call not in the request log (pruned, or a console action)' : 'A scheduled job on the workspace clock';
}

/** Every status change with its time (workspace clock) and the call or job that caused it. */
export function timelineSection(p: Payment, agentNames: Readonly<Record<string, string>>): string {
  const entries = historyEntries(p.history);
  const rows = entries.map((e, i) => [
    when(e.at), `<span title="${esc(e.status ?? '')}">${esc(statusWords(e.status ?? '', p.transaction.type).title)}</span>`,
    `<span title="${esc(e.code ?? '')}">${esc(e.title)}</span>${e.detail ? `<div class="meta">${esc(e.detail)}</div>` : ''}`,
    esc(causeOf(p.history[i]!, p.apiCalls, agentNames)),
  ]);
  return section('case-timeline', 'Timeline', table('timeline-table', ['When (workspace clock)', 'Status', 'What happened', 'Caused by'], rows, 'No status change is recorded.'),
    'Times on the workspace clock: the sandbox’s test clock, which may have been advanced past real time.');
}

/** The money's path: the sender, the hold, the fees, the payout and any way back, as the ledger shows it. */
export function paymentDiagram(p: Payment, story: ReturnType<typeof paymentStory>): string {
  const tx = p.transaction;
  const { from, to } = story;
  const moved = p.ledger.length > 0;
  const paidOut = p.ledger.some((e) => e.kind === 'PAYMENT_SETTLED') || tx.status === 'COMPLETED';
  const sent = tx.sentAmount ? formatMoney(tx.sentAmount) : formatMoney(tx.receivedAmount);
  const nodes: PathNode[] = [{ label: from.name, sub: from.via }, { label: tx.type === 'OUTGOING' ? 'Held for the payment' : 'Pending', sub: 'until it settles' }, { label: to.name, sub: [to.via, to.account].filter(Boolean).join(' · ') }];
  const edges: PathEdge[] = [
    { from: 0, to: 1, label: moved ? sent : `would send ${sent}`, kind: moved ? 'forward' : 'none' },
    { from: 1, to: 2, label: paidOut ? `paid out ${formatMoney(tx.receivedAmount)}` : 'not paid out', kind: paidOut ? 'forward' : 'none' },
  ];
  const currency = tx.sentAmount?.currency;
  if (tx.fees && currency) {
    nodes.push({ label: 'Fees', sub: 'kept by the platform' });
    // A refund gives back the whole amount sent, fees included: the fees stay with the platform only when the payment completed.
    edges.push({ from: 1, to: 3, label: `fees ${formatMinor(tx.fees, currency)}`, kind: tx.status === 'COMPLETED' ? 'forward' : 'none' });
  }
  if (tx.failureReason === 'PAYOUT_RETURNED') edges.push({ from: 2, to: 1, label: 'returned by the bank', kind: 'back' });
  const refund = tx.type === 'OUTGOING' ? tx.refund : undefined;
  if (refund) edges.push({ from: 1, to: 0, label: `${refund.status === 'COMPLETED' ? 'refunded' : refund.status === 'PENDING' ? 'refund under way' : 'refund failed'} ${sent}`, kind: 'back' });
  return section('case-diagram', 'Where the money went', pathDiagram(`The money's path from ${from.name} to ${to.name}`, nodes, edges),
    'Solid arrows: money that moved; dashed: what did not (yet); below the boxes: money coming back.');
}
