import type { z } from 'zod';
import type { Ctx } from '../context';
import { conflict, notFound, ServiceError } from '../kernel/errors';
import type { Page } from '../kernel/pagination';
import type { InternalAccountService } from '../accounts/internal-service';
import type { CustomerService } from '../customers/service';
import type { QuoteService } from '../quotes/service';
import type { TransferService } from '../transfers/service';
import type { TransactionService } from '../transactions/service';
import type { ResolvedTransferIn, ResolvedTransferOut, transferInSchema, transferOutSchema } from '../transfers/schema';
import type { Transaction } from '../transactions/schema';
import { judge, refused, type Convert, type Proposed } from './policy';
import type { ActionFilter, ActionRecord, AgentRecord } from './repo';
import type { AgentService } from './service';
import type { AgentAction } from './schema';
/** The stored action record, for readers outside the area (the case file) that must not import the repo. */
export type { ActionRecord } from './repo';

/** A money movement an agent asks for, as its request said it (a transfer's amount may be absent). */
export type ActionInput =
  | { type: 'EXECUTE_QUOTE'; quoteId: string }
  | { type: 'TRANSFER_OUT'; body: z.output<typeof transferOutSchema> }
  | { type: 'TRANSFER_IN'; body: z.output<typeof transferInSchema> };

/** A money movement with its amount settled, as the policy judges it and the action stores it. */
export type ActionRequest =
  | { type: 'EXECUTE_QUOTE'; quoteId: string }
  | { type: 'TRANSFER_OUT'; body: ResolvedTransferOut }
  | { type: 'TRANSFER_IN'; body: ResolvedTransferIn };

/** The areas an action moves money through (the same paths the platform's own calls take). */
export interface ActionDeps {
  agents: AgentService;
  quotes: QuoteService;
  transfers: TransferService;
  transactions: TransactionService;
  internal: InternalAccountService;
  customers: CustomerService;
  convert: Convert;
}

const NOT_PENDING = 'TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL';

/** Another kind of payment waiting for the platform's decision (incoming payments, the webhooks area): a port wired in core/index.ts. */
export interface OtherApprovals {
  approve(transactionId: string): void;
  reject(transactionId: string, reason: string | undefined): void;
}

/**
 * Agent actions: the one place where an agent's money movement is judged by its policy and, in the
 * same SQLite transaction, either executed through the quotes or transfers area (counting it in the
 * usage), or stored as PENDING_APPROVAL until the platform approves or rejects it. Nothing awaits
 * between the judgement and the commit, so two concurrent requests cannot both pass one limit.
 */
export class AgentActions {
  constructor(private readonly ctx: Ctx, private readonly d: ActionDeps) {}

  /** Judges and runs (or queues for approval) an agent's request; a refusal is 403 and stores nothing. */
  submit(agentId: string, input: ActionInput): AgentAction {
    return this.ctx.transaction(() => {
      // The amount is settled when the agent asks (a missing transfer-out amount is the balance then),
      // so the policy judges, and an approver later sees, the very amount that will move.
      const req: ActionRequest = input.type === 'TRANSFER_OUT' ? { type: input.type, body: this.d.transfers.resolveOut(input.body) }
        : input.type === 'TRANSFER_IN' ? { type: input.type, body: this.d.transfers.resolveIn(input.body) } : input;
      const agent = this.d.agents.record(agentId);
      if (agent.isPaused) throw refused('PAUSED', `Agent ${agentId} is paused and can do nothing until the platform resumes it`);
      if (req.type === 'EXECUTE_QUOTE') {
        const live = this.d.agents.repo.actionOfQuote(req.quoteId);
        if (live) throw conflict(`Quote ${req.quoteId} was already submitted as action ${live.id} (${live.status})`, 'CONFLICT', { actionId: live.id, status: live.status });
      }
      const verdict = judge(agent.policy, this.d.agents.toResource(agent).usage, this.proposed(req), this.d.convert);
      const now = this.ctx.clock.nowMs();
      const customer = this.d.customers.get(agent.customerId);
      const record: ActionRecord = {
        id: this.ctx.ids('AgentAction'), agentId, customerId: agent.customerId, platformCustomerId: customer.platformCustomerId,
        type: req.type, status: 'PENDING_APPROVAL', quoteId: req.type === 'EXECUTE_QUOTE' ? req.quoteId : null,
        transactionId: req.type === 'EXECUTE_QUOTE' ? this.d.quotes.get(req.quoteId).transactionId : null,
        request: req.type === 'EXECUTE_QUOTE' ? null : (req.body as Record<string, unknown>),
        approvalReasons: verdict.approvalReasons, rejectionReason: null, failureReason: null, createdAt: now, updatedAt: now,
      };
      if (verdict.approvalReasons.length) {
        this.d.agents.repo.insertAction(record);
        return this.emit(record.id, 'AGENT_ACTION.PENDING_APPROVAL');
      }
      const transactionId = this.execute(agent, req);
      this.d.agents.addUsage(agent, verdict.policyAmount);
      this.d.agents.repo.insertAction({ ...record, status: 'APPROVED', transactionId });
      return this.emit(record.id, 'AGENT_ACTION.APPROVED');
    });
  }

  /**
   * The platform approves a waiting action: the limits are judged again against the usage as it is
   * now, then the action executes. A refusal or a failure to execute (an expired quote, insufficient
   * funds) leaves the action FAILED with the reason; 409 when the action is not waiting.
   */
  approve(actionId: string, agentId?: string): AgentAction {
    const action = this.pending(actionId, agentId);
    try {
      return this.ctx.transaction(() => {
        const agent = this.d.agents.record(action.agentId);
        const req = requestOf(action);
        const verdict = judge(agent.policy, this.d.agents.toResource(agent).usage, this.proposed(req), this.d.convert, true);
        const transactionId = this.execute(agent, req);
        this.d.agents.addUsage(agent, verdict.policyAmount);
        this.d.agents.repo.finishAction(action.id, 'APPROVED', { transactionId }, this.ctx.clock.nowMs());
        return this.emit(action.id, 'AGENT_ACTION.APPROVED');
      });
    } catch (err) {
      if (!(err instanceof ServiceError) || err.status >= 500) throw err;
      return this.ctx.transaction(() => {
        this.d.agents.repo.finishAction(action.id, 'FAILED', { failureReason: failureOf(err, action, this.d.quotes) }, this.ctx.clock.nowMs());
        return this.emit(action.id, 'AGENT_ACTION.FAILED');
      });
    }
  }

  /** The platform rejects a waiting action; nothing moves (a quote is left to expire). 409 when not waiting. */
  reject(actionId: string, reason: string | undefined, agentId?: string): AgentAction {
    return this.ctx.transaction(() => {
      const action = this.pending(actionId, agentId);
      this.d.agents.repo.finishAction(action.id, 'REJECTED', { rejectionReason: reason ?? 'Rejected by the platform' }, this.ctx.clock.nowMs());
      return this.emit(action.id, 'AGENT_ACTION.REJECTED');
    });
  }

  /**
   * `POST /transactions/{id}/approve`: approves the agent action behind a pending transaction, or hands
   * a transaction no agent made to `other` (incoming payments waiting for the platform); answers the transaction.
   */
  approveTransaction(transactionId: string, other?: OtherApprovals): Transaction {
    const a = this.behind(transactionId, other);
    if (a) this.approve(a.id);
    else other!.approve(transactionId);
    return this.d.transactions.get(transactionId);
  }

  /** `POST /transactions/{id}/reject`: the same dispatch as approval. */
  rejectTransaction(transactionId: string, reason: string | undefined, other?: OtherApprovals): Transaction {
    const a = this.behind(transactionId, other);
    if (a) this.reject(a.id, reason);
    else other!.reject(transactionId, reason);
    return this.d.transactions.get(transactionId);
  }

  /** One action as the API shows it (404 unless it exists and, when `agentId` is given, is that agent's). */
  get(actionId: string, agentId?: string): AgentAction {
    const a = this.d.agents.repo.findAction(actionId);
    if (!a || (agentId !== undefined && a.agentId !== agentId)) throw notFound('REFERENCE_NOT_FOUND', `Agent action ${actionId} not found`);
    return this.resource(a);
  }

  /** A filtered page of actions. */
  list(f: ActionFilter): Page<AgentAction> {
    const page = this.d.agents.repo.listActions(f);
    return { ...page, data: page.data.map((a) => this.resource(a)) };
  }

  /** The agent's newest actions, for its activity timeline. */
  recent(agentId: string, limit: number): AgentAction[] {
    return this.d.agents.repo.recentOf(agentId, limit).map((a) => this.resource(a));
  }

  private pending(actionId: string, agentId?: string): ActionRecord {
    const a = this.d.agents.repo.findAction(actionId);
    if (!a || (agentId !== undefined && a.agentId !== agentId)) throw notFound('REFERENCE_NOT_FOUND', `Agent action ${actionId} not found`);
    if (a.status !== 'PENDING_APPROVAL') throw conflict(`Agent action ${actionId} is ${a.status}, not waiting for approval`, NOT_PENDING, { status: a.status });
    return a;
  }

  /** The waiting agent action behind a transaction; undefined when no agent made it and `other` decides instead. */
  private behind(transactionId: string, other?: OtherApprovals): ActionRecord | undefined {
    this.d.transactions.get(transactionId); // 404 TRANSACTION_NOT_FOUND
    const a = this.d.agents.repo.actionOfTransaction(transactionId);
    if (!a && other) return undefined;
    if (!a || a.status !== 'PENDING_APPROVAL') {
      throw conflict(`Transaction ${transactionId} is not a payment waiting for platform approval`, NOT_PENDING, a ? { actionId: a.id, status: a.status } : {});
    }
    return a;
  }

  /** What the policy judges: the amount leaving (or, for transfer-in, entering) and every account named. */
  private proposed(req: ActionRequest): Proposed {
    if (req.type === 'EXECUTE_QUOTE') {
      const q = this.d.quotes.get(req.quoteId);
      const ids = [q.source.sourceType === 'ACCOUNT' ? q.source.accountId : undefined, q.destination.destinationType === 'ACCOUNT' ? q.destination.accountId : undefined];
      return { permission: 'EXECUTE_QUOTES', amount: q.totalSendingAmount, currency: q.sendingCurrency.code, accountIds: ids.filter((x): x is string => !!x) };
    }
    const internalId = req.type === 'TRANSFER_OUT' ? req.body.source.accountId : req.body.destination.accountId;
    const currency = this.d.internal.get(internalId).balance.currency.code;
    return { permission: 'CREATE_TRANSFERS', amount: req.body.amount, currency, accountIds: [req.body.source.accountId, req.body.destination.accountId] };
  }

  /** Runs the action through the platform's own money path and marks its transaction as the agent's. */
  private execute(agent: AgentRecord, req: ActionRequest): string {
    const txId = this.d.transactions.actingFor(agent.id, () => (req.type === 'EXECUTE_QUOTE' ? this.d.quotes.execute(req.quoteId).transactionId
      : req.type === 'TRANSFER_OUT' ? this.d.transfers.transferOut(req.body).id
        : this.d.transfers.transferIn(req.body).id));
    this.d.transactions.assignAgent(txId, agent.id);
    return txId;
  }

  private emit(actionId: string, type: string): AgentAction {
    const action = this.get(actionId);
    this.ctx.events.append(type, 'AgentAction', actionId, action);
    return action;
  }

  private resource(a: ActionRecord): AgentAction {
    const out: AgentAction = {
      id: a.id, agentId: a.agentId, customerId: a.customerId, platformCustomerId: a.platformCustomerId, type: a.type, status: a.status,
      createdAt: new Date(a.createdAt).toISOString(), updatedAt: new Date(a.updatedAt).toISOString(),
    };
    if (a.quoteId) out.quote = this.d.quotes.get(a.quoteId);
    if (a.request) {
      const body = a.request as { amount: number; source: { accountId: string }; destination: { accountId: string } };
      const internalId = a.type === 'TRANSFER_OUT' ? body.source.accountId : body.destination.accountId;
      out.transferDetails = {
        amount: body.amount, currency: this.d.internal.get(internalId).balance.currency.code,
        sourceAccountId: body.source.accountId, destinationAccountId: body.destination.accountId,
      };
    }
    if (a.status === 'APPROVED' && a.transactionId) out.transaction = this.d.transactions.get(a.transactionId);
    if (a.approvalReasons.length) out.approvalReasons = a.approvalReasons;
    if (a.rejectionReason) out.rejectionReason = a.rejectionReason;
    if (a.failureReason) out.failureReason = a.failureReason;
    return out;
  }
}

function requestOf(a: ActionRecord): ActionRequest {
  if (a.type === 'EXECUTE_QUOTE') return { type: 'EXECUTE_QUOTE', quoteId: a.quoteId! };
  return { type: a.type, body: a.request } as ActionRequest;
}

/** Why an approved action could not execute, in words (an expired quote says so plainly). */
function failureOf(err: ServiceError, a: ActionRecord, quotes: QuoteService): string {
  if (a.quoteId && quotes.get(a.quoteId).status === 'EXPIRED') return `QUOTE_EXPIRED: the quote expired at ${quotes.get(a.quoteId).expiresAt} before it was approved`;
  return `${err.code}: ${err.message}`;
}
