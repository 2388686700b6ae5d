import { z } from 'zod';
import { handler } from '../api/console-handler';
import type { Ctx } from '../context';
import type { AgentService } from './service';
import type { AgentActions } from './actions';
import { currency, currencyCodes } from '../kernel/money';
import { railsOf } from '../quotes/resolve';
import type { ExternalAccount } from '../accounts/external-service';

/** One line of an agent's activity: an event about the agent or one of its actions. */
export interface AgentActivity {
  key: string;
  type: string;
  at: string;
  resourceId: string;
  /** The action's status after the event (action events only). */
  status?: string;
  /** What the action moved, why it waits, was rejected or failed, in words. */
  detail?: string;
  /** The transaction an executed action made (APPROVED events), so the console can link to it. */
  transactionId?: string;
}

/** Reads an external account (the rail a transfer-out would default to depends on it). */
export type ExternalAccountLookup = (id: string) => ExternalAccount;

const agentInput = z.object({ agentId: z.string().min(1) });
const routesInput = z.object({ actionIds: z.array(z.string().min(1)).max(100) });

/**
 * Console handlers of the Agents screen, for what the API does not offer: the agent's detail in one
 * read (its newest device code with its state, its activity timeline from the event log), and
 * connecting the console as the agent so a developer can act with its token and watch the policy decide.
 */
export function agentHandlers(ctx: Ctx, agents: AgentService, actions: AgentActions, customerName: (id: string) => string | undefined, external: ExternalAccountLookup) {
  return {
    'agents/detail': handler(agentInput, ({ agentId }) => {
      const agent = agents.get(agentId);
      const recent = actions.recent(agentId, 30);
      return {
        agent,
        customerName: customerName(agent.customerId) ?? null,
        deviceCode: agents.latestDeviceCode(agentId) ?? null,
        pendingCount: recent.filter((a) => a.status === 'PENDING_APPROVAL').length,
        activity: activityOf(ctx, agentId, recent.map((a) => a.id)),
      };
    }),
    /**
     * The rail each waiting action would pay over, so an approver reads where the money goes: the quote's,
     * or a transfer-out's chosen rail, else the destination account's default (the one execution picks).
     */
    'agents/routes': handler(routesInput, ({ actionIds }) => Object.fromEntries(actionIds.map((id) => [id, { paymentRail: railOfAction(agents, actions, external, id) }]))),
    'agents/reconnect': handler(agentInput, ({ agentId }) => agents.reconnect(agentId)),
    /** Every currency with its decimals, so amounts named by code alone (limits, transfers) format correctly. */
    'agents/currencies': handler(z.object({}), () => currencyCodes().map((code) => currency(code))),
  };
}

/** The events about the agent and its newest actions, oldest first. */
function activityOf(ctx: Ctx, agentId: string, actionIds: string[]): AgentActivity[] {
  const events = [agentId, ...actionIds].flatMap((id) => ctx.events.list({ resourceId: id, order: 'asc', limit: 100 }).data);
  return events.sort((a, b) => a.seq - b.seq).map((e) => {
    const p = (e.payload ?? {}) as { status?: string; approvalReasons?: string[]; rejectionReason?: string; failureReason?: string; transaction?: { id?: string } };
    const detail = p.failureReason ?? p.rejectionReason ?? (e.type.endsWith('PENDING_APPROVAL') ? p.approvalReasons?.join('; ') : undefined);
    return {
      key: e.id, type: e.type, at: e.createdAt, resourceId: e.resourceId,
      ...(e.resourceType === 'AgentAction' && p.status ? { status: p.status } : {}),
      ...(detail ? { detail } : {}),
      ...(e.type === 'AGENT_ACTION.APPROVED' && p.transaction?.id ? { transactionId: p.transaction.id } : {}),
    };
  });
}

/** The rail a waiting action pays over (null: a transfer-in, which pulls, or an unknown action). */
function railOfAction(agents: AgentService, actions: AgentActions, external: ExternalAccountLookup, actionId: string): string | null {
  const record = agents.repo.findAction(actionId);
  if (!record) return null;
  if (record.type === 'EXECUTE_QUOTE') {
    const d = actions.get(actionId).quote?.destination;
    return d?.destinationType === 'ACCOUNT' ? d.paymentRail : null;
  }
  if (record.type !== 'TRANSFER_OUT') return null;
  const dest = (record.request as { destination?: { accountId?: string; paymentRail?: string } } | null)?.destination;
  if (dest?.paymentRail) return dest.paymentRail;
  if (!dest?.accountId) return null;
  const a = external(dest.accountId);
  const info = a.accountInfo as Record<string, unknown>;
  return railsOf(String(info['accountType']), info, a.currency)[0] ?? null;
}
