import type { AgentService } from './service';
import type { AgentActions } from './actions';

/**
 * The demo agent of a new workspace: a connected assistant of one customer whose policy shows each
 * kind of rule (limits per action, per day, per month and a count, plus an approval threshold), and
 * one payment above the threshold waiting for the platform, so the Agents screen has work to show.
 */
export function seedAgent(agents: AgentService, actions: AgentActions, customerId: string, accountId: string, payeeAccountId: string): void {
  const { agent, deviceCode } = agents.create({
    name: 'Bill-pay assistant',
    customerId,
    policy: {
      permissions: ['VIEW_TRANSACTIONS', 'CREATE_TRANSFERS', 'CREATE_QUOTES', 'EXECUTE_QUOTES'],
      defaultExecutionMode: 'AUTO',
      spendingLimits: { currency: 'USD', perTransactionLimit: 50_000, dailyLimit: 100_000, dailyTransactionLimit: 10, monthlyLimit: 500_000 },
      approvalThresholds: { currency: 'USD', amount: 20_000 },
    },
  });
  // Connected as its software would be; the token is not kept (the console reconnects when asked to act as it).
  agents.redeem(deviceCode.code);
  actions.submit(agent.id, {
    type: 'TRANSFER_OUT',
    body: { source: { accountId }, destination: { accountId: payeeAccountId }, amount: 25_000, description: 'Electricity bill, December' },
  });
}
