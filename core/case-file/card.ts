import { cardEventEntries, cardTxSentence } from '../story/card-words';
import { formatMinor } from '../story/money';
import { statusWords } from '../story/failure-words';
import { humanize } from '../story/words';
import { when } from './activity';
import { pathDiagram, type PathEdge } from './diagram';
import type { CardCase, CaseFacts } from './facts';
import { esc, facts, section, table } from './html';

type Card = CardCase & CaseFacts;

/** The status of a card transaction in words (the payment words where they share a name, else the name itself in words). */
const cardStatus = (status: string) => (status === 'REFUNDED' ? statusWords(status, 'OUTGOING').title : humanize(status));

/** The card transaction's story: the sentence the Cards screen shows, the card and who holds it. */
export function cardStorySection(c: Card): string {
  const tx = c.reconciliation.transaction;
  const cur = tx.authorizedAmount.currency;
  const sentence = cardTxSentence(tx, c.holder, c.reconciliation.totals.owed);
  return `<section class="story" data-testid="case-story"><h2>What happened</h2>`
    + `<p class="headline" data-testid="case-headline">${esc(`${c.holder} → ${tx.merchant.descriptor}: ${formatMinor(tx.authorizedAmount.amount, cur)} by card${c.cardLast4 ? ` •••• ${c.cardLast4}` : ''}.`)}</p>`
    + `<p data-testid="card-tx-sentence">${esc(sentence)}</p>`
    + `<p class="meta">${esc(`Paid with card ${c.cardLast4 ? `•••• ${c.cardLast4} ` : ''}of ${c.holder}, funded by their ${cur.code} account.`)}</p></section>`;
}

/** Authorized, pulled, settled and refunded, and the identity the Cards screen checks: left the balance = paid + on hold − owed. */
export function cardReconciliationSection(c: Card): string {
  const tx = c.reconciliation.transaction;
  const cur = tx.authorizedAmount.currency;
  const m = (n: number) => `<span class="amount">${esc(formatMinor(n, cur))}</span>`;
  const t = c.reconciliation.totals;
  const addsUp = t.leftBalance === t.paidToMerchant + t.held - t.owed;
  const credit = tx.direction === 'CREDIT';
  const identity = credit
    ? `Came into the account’s balance ${m(-t.leftBalance)} = paid by the card network ${m(-t.paidToMerchant)}`
    : `Left the account’s balance ${m(t.leftBalance)} = paid to the merchant ${m(t.paidToMerchant)} + still on hold ${m(t.held)} − still owed ${m(t.owed)}`;
  const pulls = tx.pullSummary;
  return section('case-card-reconciliation', 'Reconciliation', facts('card-summaries', [
    ['Status', `<span title="${esc(tx.status)}">${esc(cardStatus(tx.status))}</span>`],
    ['Authorized', m(tx.authorizedAmount.amount)],
    ['Pulled from the account', `${m(pulls?.totalAmount ?? 0)} <span class="meta">${esc(`${pulls?.count ?? 0} pull${pulls?.count === 1 ? '' : 's'}${pulls?.pendingCount ? `, ${pulls.pendingCount} pending` : ''}`)}</span>`],
    ['Settled (cleared)', `<span data-testid="card-settled">${m(tx.settlementSummary?.totalAmount ?? 0)}</span> <span class="meta">${esc(`${tx.settlementSummary?.count ?? 0} clearing${tx.settlementSummary?.count === 1 ? '' : 's'}`)}</span>`],
    ['Refunded by the merchant', `${m(tx.refundSummary?.totalAmount ?? 0)} <span class="meta">${esc(`${tx.refundSummary?.count ?? 0} return${tx.refundSummary?.count === 1 ? '' : 's'}`)}</span>`],
    ['Merchant', esc(tx.merchant.descriptor)], ['Card transaction', `<span class="id">${esc(tx.id)}</span>`],
  ]) + `<p data-testid="reconciliation-identity" data-adds-up="${addsUp}">${identity} — <strong>${addsUp ? 'adds up' : 'does not add up'}</strong></p>`);
}

/** Every authorization, pull, clearing and refund in order (workspace clock). */
export function cardTimelineSection(c: Card): string {
  const tx = c.reconciliation.transaction;
  const entries = cardEventEntries(c.reconciliation.events, tx.authorizedAmount.currency, tx.direction);
  const rows = entries.map((e) => [when(e.at), `<span title="${esc(e.code ?? '')}">${esc(e.title)}</span>${e.detail ? `<div class="meta">${esc(e.detail)}</div>` : ''}`,
    esc(e.status ? cardStatus(e.status) : '')]);
  return section('case-timeline', 'Timeline', table('timeline-table', ['When (workspace clock)', 'What happened', 'Status after'], rows, 'No card network message is recorded.'),
    'Authorizations, pulls, clearings and refunds as the card network and the sandbox’s scheduled jobs made them, on the workspace clock.');
}

/** The money's path for a card: the funding account, the hold, the merchant, and returns coming back. */
export function cardDiagram(c: Card): string {
  const tx = c.reconciliation.transaction;
  const cur = tx.authorizedAmount.currency;
  const t = c.reconciliation.totals;
  const m = (n: number) => formatMinor(n, cur);
  const nodes = [{ label: c.holder, sub: `${cur.code} funding account` }, { label: 'On hold', sub: `${m(t.held)} now` }, { label: tx.merchant.descriptor, sub: 'merchant, via the card network' }];
  const settled = tx.settlementSummary?.totalAmount ?? 0;
  const refunded = tx.refundSummary?.totalAmount ?? 0;
  const edges: PathEdge[] = tx.direction === 'CREDIT'
    ? [{ from: 2, to: 0, label: `credited ${m(settled)}`, kind: settled ? 'back' : 'none' }]
    : [
      { from: 0, to: 1, label: `held ${m(tx.authorizedAmount.amount)}`, kind: 'forward' },
      { from: 1, to: 2, label: `paid ${m(settled)}`, kind: settled ? 'forward' : 'none' },
      ...(refunded ? [{ from: 2, to: 0, label: `returned ${m(refunded)}`, kind: 'back' as const }] : []),
    ];
  return section('case-diagram', 'Where the money went', pathDiagram(`The card payment's path from ${c.holder} to ${tx.merchant.descriptor}`, nodes, edges),
    'Solid arrows: money that moved; dashed: what did not (yet); below the boxes: money coming back.');
}
