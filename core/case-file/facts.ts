import type { Services } from '../services';
import type { LedgerEntry } from '../ledger/service';
import type { Quote } from '../quotes/schema';
import type { Transaction } from '../transactions/schema';
import type { TxHistoryEntry } from '../transactions/service';
import type { CardReconciliation } from '../cards/transactions';
import type { ApiCallMention } from '../kernel/request-log';
import type { ActionRecord } from '../agents/actions';
import { invalidInput } from '../kernel/errors';
import { customerName } from '../story/customer';
import { customerFacts, externalAccountFacts, internalAccountFacts, type MoneyStoryContext } from '../story/money-story';

/** A ledger line with its account's balance (in its bucket) before and after it. */
export interface CaseLedgerLine extends LedgerEntry {
  balanceBefore: number;
  balanceAfter: number;
}

/** One webhook delivery about the transaction: the event, where it stands, and each attempt's answer. */
export interface CaseDelivery {
  type: string;
  status: string;
  createdAt: string;
  /** When it was queued by the real clock (null for deliveries recorded before wall times were kept). */
  wallAt: string | null;
  attempts: { number: number; at: string; wallAt: string | null; outcome: string; responseStatus: number | null }[];
}

/** What the case file of an incoming or outgoing payment (transfers and agents' payments included) is made from. */
export interface PaymentCase {
  kind: 'PAYMENT';
  transaction: Transaction;
  history: TxHistoryEntry[];
  quote: Quote | null;
  scenario: string;
  context: MoneyStoryContext;
  /** The agent that initiated it and its action (waiting for approval, approved, ...), when an agent did. */
  agent: { name: string; action: ActionRecord | undefined } | null;
}

/** What the case file of a card transaction is made from: its reconciliation, the card and its holder. */
export interface CardCase {
  kind: 'CARD';
  reconciliation: CardReconciliation;
  cardLast4: string | null;
  holder: string;
}

/** Everything a case file shows, read from the services that answer the drawer's questions. */
export type CaseFacts = (PaymentCase | CardCase) & {
  id: string;
  workspace: { name: string; platformName: string };
  /** Wall-clock instant the file was made, and the workspace clock's instant then. */
  madeAt: string;
  clockAt: string;
  ledger: CaseLedgerLine[];
  apiCalls: ApiCallMention[];
  /** How many older reads (GET calls) are left out of `apiCalls`. */
  moreReads?: number;
  deliveries: CaseDelivery[];
};

/** How many reads a case file lists: every call that changed something is listed, but polling can read a payment thousands of times. */
export const CASE_FILE_READS = 20;

/** The calls a case file lists (oldest first): every call that changed something and the newest reads, with the count of reads left out. */
export function caseCalls(all: ApiCallMention[]): { apiCalls: ApiCallMention[]; moreReads: number } {
  const isRead = (c: ApiCallMention) => c.method === 'GET' || c.method === 'HEAD';
  const reads = all.filter(isRead);
  const kept = new Set(reads.slice(-CASE_FILE_READS));
  return { apiCalls: all.filter((c) => !isRead(c) || kept.has(c)), moreReads: reads.length - kept.size };
}

const ID = /^(Transaction|CardTransaction):[0-9A-Za-z-]{1,100}$/;

/** Runs a lookup that may fail (a deleted account): the story then names the party from what the transaction carries. */
function maybe<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch {
    return undefined;
  }
}

/** The customers and accounts a payment and its ledger lines name, as the drawer's parties store gathers them. */
function storyContext(s: Services, tx: Transaction, ledger: LedgerEntry[]): MoneyStoryContext {
  const ctx = { platformName: s.platform.get().name, customers: {}, internalAccounts: {}, externalAccounts: {} } as Required<MoneyStoryContext> & {
    customers: Record<string, ReturnType<typeof customerFacts>>;
    internalAccounts: Record<string, ReturnType<typeof internalAccountFacts>>;
    externalAccounts: Record<string, ReturnType<typeof externalAccountFacts>>;
  };
  const customer = (id: string | null | undefined) => {
    if (!id || ctx.customers[id]) return;
    const c = maybe(() => s.customers.get(id));
    if (c) ctx.customers[id] = customerFacts(c);
  };
  const internal = (id: string) => {
    const a = ctx.internalAccounts[id] ? undefined : maybe(() => s.internal.get(id));
    if (a) (ctx.internalAccounts[id] = internalAccountFacts(a), customer(a.customerId));
  };
  const external = (id: string) => {
    const a = ctx.externalAccounts[id] ? undefined : maybe(() => s.external.get(id));
    if (a) (ctx.externalAccounts[id] = externalAccountFacts(a), customer(a.customerId));
  };
  customer(tx.customerId);
  if (tx.source?.sourceType === 'ACCOUNT') (tx.type === 'INCOMING' ? external : internal)(tx.source.accountId);
  if (tx.source?.sourceType === 'REALTIME_FUNDING') customer(tx.source.customerId);
  if (tx.destination.destinationType === 'ACCOUNT') (tx.type === 'INCOMING' ? internal : external)(tx.destination.accountId);
  for (const e of ledger) if (!e.accountId.includes(':') || e.accountId.startsWith('InternalAccount:')) internal(e.accountId);
  return ctx;
}

/** The webhook deliveries about any of these resources, oldest first, with their attempts (no URL, payload or signature). */
function deliveriesAbout(s: Services, ids: string[]): CaseDelivery[] {
  const out: CaseDelivery[] = [];
  for (const resourceId of ids) {
    for (const d of s.webhooks.deliveries.list({ resourceId, limit: 100 }).data) {
      const { attempts } = s.webhooks.deliveries.get(d.id);
      out.push({
        type: d.type, status: d.status, createdAt: d.createdAt, wallAt: d.wallAt,
        attempts: attempts.map((a) => ({ number: a.number, at: a.startedAt, wallAt: a.startedWallAt, outcome: a.outcome, responseStatus: a.responseStatus })),
      });
    }
  }
  return out.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

/**
 * Reads the facts of one transaction's case file. A malformed id is 400 naming `transactionId`; an
 * unknown one is 404 TRANSACTION_NOT_FOUND (the transactions and cards areas say so).
 */
export function caseFacts(s: Services, workspaceName: string | null, id: string, madeAt: Date = new Date()): CaseFacts {
  if (!ID.test(id)) {
    throw invalidInput('transactionId', `must be a transaction id such as Transaction:019a… or CardTransaction:019a…, got "${id.slice(0, 60)}"`);
  }
  const platformName = s.platform.get().name;
  const common = {
    id, workspace: { name: workspaceName ?? platformName, platformName }, madeAt: madeAt.toISOString(), clockAt: new Date(s.ctx.clock.nowMs()).toISOString(),
  };
  const withLedger = (entries: LedgerEntry[]) => {
    const after = s.ledger.balancesAfter(entries.map((e) => e.id));
    return entries.map((e) => ({ ...e, balanceAfter: after.get(e.id) ?? 0, balanceBefore: (after.get(e.id) ?? 0) - e.amount }));
  };
  if (id.startsWith('CardTransaction:')) {
    const reconciliation = s.cardTransactions.reconciliation(id);
    const tx = reconciliation.transaction;
    const card = tx.cardId ? maybe(() => s.cards.get(tx.cardId!)) : undefined;
    const holder = maybe(() => customerName(s.customers.get(tx.customerId))) ?? tx.platformCustomerId;
    return {
      ...common, kind: 'CARD', reconciliation, cardLast4: card?.last4 ?? null, holder,
      ledger: withLedger(reconciliation.ledger), ...caseCalls(s.ctx.requestLog.read.touching([id])), deliveries: deliveriesAbout(s, [id]),
    };
  }
  const { transaction, scenario } = s.transactions.record(id);
  const quote = s.quotes.ofTransaction(id) ?? null;
  const ids = [id, ...(quote ? [quote.id] : [])];
  const ledger = s.ledger.entriesFor(ids);
  const agentId = transaction.agentId;
  const agent = agentId ? { name: maybe(() => s.agents.get(agentId).name) ?? 'An agent', action: s.agents.repo.actionOfTransaction(id) } : null;
  return {
    ...common, kind: 'PAYMENT', transaction, history: s.transactions.history(id), quote, scenario, context: storyContext(s, transaction, ledger), agent,
    ledger: withLedger(ledger), ...caseCalls(s.ctx.requestLog.read.touching(ids)), deliveries: deliveriesAbout(s, ids),
  };
}
