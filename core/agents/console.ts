import { z } from 'zod';
import { handler } from '../api/console-handler';
import type { Ctx } from '../context';
import type { AgentService } from './service';
import type { AgentActions } from './actions';
import { currency, currencyCodes } from '../kernel/money';

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
}

const agentInput = z.object({ agentId: z.string().min(1) });

/**
 * Console handlers of the Agents screen, for what the API does not offer: the agent's detail in one
 * read (its newest device code with its state, its activity timeline from the event log), and
 * connecting the console as the agent so a developer can act with its token and watch the policy decide.
 */
export function agentHandlers(ctx: Ctx, agents: AgentService, actions: AgentActions, customerName: (id: string) => string | undefined) {
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
    'agents/reconnect': handler(agentInput, ({ agentId }) => agents.reconnect(agentId)),
    /** Every currency with its decimals, so amounts named by code alone (limits, transfers) format correctly. */
    'agents/currencies': handler(z.object({}), () => currencyCodes().map((code) => currency(code))),
  };
}

/** The events about the agent and its newest actions, oldest first. */
function activityOf(ctx: Ctx, agentId: string, actionIds: string[]): AgentActivity[] {
  const events = [agentId, ...actionIds].flatMap((id) => ctx.events.list({ resourceId: id, order: 'asc', limit: 100 }).data);
  return events.sort((a, b) => a.seq - b.seq).map((e) => {
    const p = (e.payload ?? {}) as { status?: string; approvalReasons?: string[]; rejectionReason?: string; failureReason?: string };
    const detail = p.failureReason ?? p.rejectionReason ?? (e.type.endsWith('PENDING_APPROVAL') ? p.approvalReasons?.join('; ') : undefined);
    return {
      key: e.id, type: e.type, at: e.createdAt, resourceId: e.resourceId,
      ...(e.resourceType === 'AgentAction' && p.status ? { status: p.status } : {}),
      ...(detail ? { detail } : {}),
    };
  });
}
