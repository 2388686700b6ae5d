import type { z } from 'zod';
import type { Ctx } from '../context';
import { notFound } from '../kernel/errors';
import type { Page } from '../kernel/pagination';
import type { InternalAccount, InternalAccountService } from '../accounts/internal-service';
import type { ExternalAccount, ExternalAccountService } from '../accounts/external-service';
import type { createExternalAccountSchema } from '../accounts/external-schema';
import type { QuoteService } from '../quotes/service';
import type { createQuoteSchema, Quote } from '../quotes/schema';
import type { TransactionService } from '../transactions/service';
import type { listTransactionsQuery, Transaction } from '../transactions/schema';
import type { transferInSchema, transferOutSchema } from '../transfers/schema';
import { checkAccounts, judge, refused, requireAgentPermission, type Convert } from './policy';
import type { AgentRecord } from './repo';
import type { AgentService } from './service';
import type { AgentActions } from './actions';
import type { Agent, AgentAction, AgentPermission } from './schema';

/** What the agent's own routes reach. */
export interface OperationDeps {
  agents: AgentService;
  actions: AgentActions;
  quotes: QuoteService;
  transactions: TransactionService;
  internal: InternalAccountService;
  external: ExternalAccountService;
  /** Converts an amount into the policy currency at the current rate (the rates area). */
  convert: Convert;
}

/**
 * What an agent does with its bearer token (`/agents/me/...`): everything acts for the agent's one
 * customer, and anything of another customer is a 404, exactly as if it did not exist. A paused agent
 * can read only itself.
 */
export class AgentOperations {
  constructor(private readonly ctx: Ctx, private readonly d: OperationDeps) {}

  /** The calling agent. */
  me(agentId: string): Agent {
    return this.d.agents.get(agentId);
  }

  /** Its customer's transactions, with every filter of `GET /transactions` except the customer ones. */
  transactions(agentId: string, q: Omit<z.output<typeof listTransactionsQuery>, 'customerId' | 'platformCustomerId'>): ReturnType<TransactionService['list']> {
    const a = this.active(agentId, 'VIEW_TRANSACTIONS');
    return this.d.transactions.list({ ...q, customerId: a.customerId });
  }

  /** One transaction of its customer. */
  transaction(agentId: string, id: string): Transaction {
    const a = this.active(agentId, 'VIEW_TRANSACTIONS');
    const tx = this.d.transactions.get(id);
    if (tx.customerId !== a.customerId) throw notFound('TRANSACTION_NOT_FOUND', `Transaction ${id} not found`);
    return tx;
  }

  /** Creates a quote from its customer's account (or real-time funding) through the quotes area; `immediatelyExecute` submits it as an action. */
  createQuote(agentId: string, body: z.output<typeof createQuoteSchema>): Quote {
    const a = this.active(agentId, 'CREATE_QUOTES');
    if (body.immediatelyExecute) requireAgentPermission(a.policy, 'EXECUTE_QUOTES');
    const source = body.source.sourceType === 'ACCOUNT'
      ? (this.ownInternal(a, body.source.accountId), { ...body.source, customerId: undefined })
      : { ...body.source, customerId: this.sameCustomer(a, body.source.customerId) };
    if (body.destination.destinationType === 'ACCOUNT') this.ownExternal(a, body.destination.accountId);
    checkAccounts(a.policy, [body.source.sourceType === 'ACCOUNT' ? body.source.accountId : undefined, body.destination.destinationType === 'ACCOUNT' ? body.destination.accountId : undefined].filter((x): x is string => !!x));
    const quote = this.ctx.transaction(() => {
      const q = this.d.transactions.actingFor(agentId, () => this.d.quotes.create({ ...body, source: stripUndefined(source), immediatelyExecute: false }, { byAgent: true }));
      // Upstream refuses a quote over the agent's spending limits when it is created (403), not only when it
      // executes; the approval rules wait for execution. Thrown inside the transaction, so no quote is kept.
      const proposed = { permission: 'CREATE_QUOTES' as const, amount: q.totalSendingAmount, currency: q.sendingCurrency.code, accountIds: [] };
      judge(a.policy, this.d.agents.toResource(a).usage, proposed, this.d.convert, true);
      this.d.agents.repo.insertQuote(q.id, agentId, q.transactionId, this.ctx.clock.nowMs());
      this.d.transactions.assignAgent(q.transactionId, agentId);
      return q;
    });
    if (!body.immediatelyExecute) return quote;
    this.d.actions.submit(agentId, { type: 'EXECUTE_QUOTE', quoteId: quote.id });
    return this.d.quotes.get(quote.id);
  }

  /** One of the quotes it created. */
  quote(agentId: string, quoteId: string): Quote {
    this.active(agentId);
    return this.ownQuote(agentId, quoteId);
  }

  /** Executes one of its quotes as an action (judged by the policy; may wait for approval). */
  executeQuote(agentId: string, quoteId: string): AgentAction {
    this.active(agentId);
    this.ownQuote(agentId, quoteId);
    return this.d.actions.submit(agentId, { type: 'EXECUTE_QUOTE', quoteId });
  }

  /** A same-currency transfer out of its customer's internal account, as an action. */
  transferOut(agentId: string, body: z.output<typeof transferOutSchema>): AgentAction {
    const a = this.active(agentId, 'CREATE_TRANSFERS');
    this.ownInternal(a, body.source.accountId);
    this.ownExternal(a, body.destination.accountId);
    return this.d.actions.submit(agentId, { type: 'TRANSFER_OUT', body });
  }

  /** A same-currency pull from its customer's bank account into an internal account, as an action. */
  transferIn(agentId: string, body: z.output<typeof transferInSchema>): AgentAction {
    const a = this.active(agentId, 'CREATE_TRANSFERS');
    this.ownExternal(a, body.source.accountId);
    this.ownInternal(a, body.destination.accountId);
    return this.d.actions.submit(agentId, { type: 'TRANSFER_IN', body });
  }

  /** Its own actions. */
  actions(agentId: string, q: { status?: AgentAction['status'] | undefined; limit: number; cursor?: string | undefined }): Page<AgentAction> {
    this.active(agentId);
    return this.d.actions.list({ agentId, status: q.status, limit: q.limit, cursor: q.cursor, sortOrder: 'desc' });
  }

  /** One of its own actions. */
  action(agentId: string, actionId: string): AgentAction {
    this.active(agentId);
    return this.d.actions.get(actionId, agentId);
  }

  /** Its customer's internal accounts with balances. */
  internalAccounts(agentId: string, q: { currency?: string | undefined; type?: InternalAccount['type'] | undefined; limit: number; cursor?: string | undefined }): Page<InternalAccount> {
    const a = this.active(agentId, 'VIEW_TRANSACTIONS');
    return this.d.internal.list({ owner: 'CUSTOMERS', customerId: a.customerId, ...q });
  }

  /** Its customer's external accounts. */
  externalAccounts(agentId: string, q: { currency?: string | undefined; limit: number; cursor?: string | undefined }): Page<ExternalAccount> {
    const a = this.active(agentId, 'MANAGE_EXTERNAL_ACCOUNTS');
    return this.d.external.list('CUSTOMER', { ...q, customerId: a.customerId });
  }

  /** One external account of its customer. */
  externalAccount(agentId: string, id: string): ExternalAccount {
    return this.ownExternal(this.active(agentId, 'MANAGE_EXTERNAL_ACCOUNTS'), id);
  }

  /** Adds an external account to its customer (`customerId` is the agent's; another is refused). */
  createExternalAccount(agentId: string, body: z.output<typeof createExternalAccountSchema>): ExternalAccount {
    const a = this.active(agentId, 'MANAGE_EXTERNAL_ACCOUNTS');
    return this.d.external.create({ ...body, customerId: this.sameCustomer(a, body.customerId) }, 'CUSTOMER');
  }

  /** Deletes an external account of its customer. */
  deleteExternalAccount(agentId: string, id: string): void {
    this.ownExternal(this.active(agentId, 'MANAGE_EXTERNAL_ACCOUNTS'), id);
    this.d.external.delete(id, 'CUSTOMER');
  }

  /** The agent, refusing a paused one (403) and checking a permission when given. */
  private active(agentId: string, permission?: AgentPermission): AgentRecord {
    const a = this.d.agents.record(agentId);
    if (a.isPaused) throw refused('PAUSED', `Agent ${agentId} is paused and can do nothing until the platform resumes it`);
    if (permission) requireAgentPermission(a.policy, permission);
    return a;
  }

  private ownQuote(agentId: string, quoteId: string): Quote {
    if (this.d.agents.repo.agentOfQuote(quoteId) !== agentId) throw notFound('QUOTE_NOT_FOUND', `Quote ${quoteId} not found`);
    return this.d.quotes.get(quoteId);
  }

  private ownInternal(a: AgentRecord, id: string): InternalAccount {
    const found = safe(() => this.d.internal.get(id));
    if (!found || found.customerId !== a.customerId) throw notFound('REFERENCE_NOT_FOUND', `Internal account ${id} not found`);
    return found;
  }

  private ownExternal(a: AgentRecord, id: string): ExternalAccount {
    const found = safe(() => this.d.external.get(id, 'CUSTOMER'));
    if (!found || found.customerId !== a.customerId) throw notFound('REFERENCE_NOT_FOUND', `External account ${id} not found`);
    return found;
  }

  /** The agent's customer; a different customer named in a body is a 404 like any other customer's resource. */
  private sameCustomer(a: AgentRecord, customerId: string | undefined): string {
    if (customerId !== undefined && customerId !== a.customerId) throw notFound('USER_NOT_FOUND', `Customer ${customerId} not found`);
    return a.customerId;
  }
}

function safe<T>(fn: () => T): T | undefined {
  try {
    return fn();
  } catch {
    return undefined;
  }
}

function stripUndefined<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}
