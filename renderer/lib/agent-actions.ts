import type { AgentAction, AgentPermission } from '../../core/agents/schema';
import type { Transaction } from '../../core/transactions/schema';
import { formatMinor, type CurrencyLike } from './money';
import { destinationOf, senderOf, type MoneyStoryContext, type Party } from './money-story';

/**
 * An agent action in the words of a payment: who pays whom, how much, over which rail. A waiting
 * action has no transaction yet, so it is read as the transaction it would make (the same story
 * functions as the drawer's), and an approver sees names and masked accounts, not ids.
 */

/** The fields of a transaction the story functions read. */
type StoryTx = Parameters<typeof senderOf>[0];

/** The transaction an action would make, as far as the story needs it (`rail`: from agents/routes). */
export function actionAsTransaction(a: AgentAction, currencyOf: (code: string) => CurrencyLike, rail?: string | null): StoryTx | null {
  const base = { customerId: a.customerId, platformCustomerId: a.platformCustomerId, counterpartyInformation: undefined };
  if (a.quote) {
    const q = a.quote;
    const source: Transaction['source'] = q.source.sourceType === 'ACCOUNT'
      ? { sourceType: 'ACCOUNT', accountId: q.source.accountId, currency: q.sendingCurrency.code }
      : { ...q.source };
    return { ...base, type: 'OUTGOING', source, destination: q.destination, paymentRail: rail ?? (q.destination.destinationType === 'ACCOUNT' ? q.destination.paymentRail : undefined) };
  }
  const t = a.transferDetails;
  if (!t) return null;
  const currency = currencyOf(t.currency).code;
  const source: Transaction['source'] = { sourceType: 'ACCOUNT', accountId: t.sourceAccountId, currency };
  const destination: Transaction['destination'] = { destinationType: 'ACCOUNT', accountId: t.destinationAccountId, currency };
  return a.type === 'TRANSFER_IN'
    ? { ...base, type: 'INCOMING', source, destination }
    : { ...base, type: 'OUTGOING', source, destination, paymentRail: rail ?? undefined };
}

/** What an action moves and where, in words. */
export interface ActionWords {
  /** `Pay 250.00 USD` / `Pay 100.00 USD for 1,712.34 MXN` / `Pull 50.00 USD`. */
  amount: string;
  from: Party | null;
  to: Party | null;
  /** One sentence: `250.00 USD from Alice Johnson · USD balance to Sophie Martin · Sandbox Bank · •••• 0000 over ACH`. */
  sentence: string;
}

/** The amount, the payer and the payee of an action in words. */
export function actionWords(a: AgentAction, currencyOf: (code: string) => CurrencyLike, ctx: MoneyStoryContext, rail?: string | null): ActionWords {
  const amount = a.quote
    ? `Pay ${formatMinor(a.quote.totalSendingAmount, a.quote.sendingCurrency)} for ${formatMinor(a.quote.totalReceivingAmount, a.quote.receivingCurrency)}`
    : a.transferDetails
      ? `${a.type === 'TRANSFER_IN' ? 'Pull' : 'Pay out'} ${formatMinor(a.transferDetails.amount, currencyOf(a.transferDetails.currency))}`
      : 'A payment';
  const tx = actionAsTransaction(a, currencyOf, rail);
  const from = tx ? senderOf(tx, ctx) : null;
  const to = tx ? destinationOf(tx, ctx) : null;
  const fromText = from ? `from ${[from.name, from.via].filter(Boolean).join(' · ')}` : '';
  const toText = to ? `to ${[to.name, to.via, to.account].filter(Boolean).join(' · ')}` : '';
  const railText = to?.rail ? `over ${to.rail}` : '';
  return { amount, from, to, sentence: [amount, fromText, toText, railText].filter(Boolean).join(' ') };
}

/** What each permission lets an agent do, in words (the API name stays in a tooltip). */
export const PERMISSION_WORDS: Record<AgentPermission, string> = {
  VIEW_TRANSACTIONS: 'See transactions and balances',
  CREATE_TRANSFERS: 'Make same-currency transfers',
  CREATE_QUOTES: 'Create quotes',
  EXECUTE_QUOTES: 'Execute quotes',
  MANAGE_EXTERNAL_ACCOUNTS: 'Manage external accounts',
};

/** An agent's name as typed: the problem in words, or null when it is fine (the API's 1 to 200 characters). */
export function agentNameProblem(name: string): string | null {
  const n = name.trim();
  if (!n) return 'Enter a name, such as "Bill-pay assistant"';
  if (n.length > 200) return `At most 200 characters (this one has ${n.length})`;
  return null;
}
