// The seeded demo agent and the Agents screen's console handlers: its detail with device-code state
// and activity, and connecting the console as the agent (the old token stops working).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { enc, invoke, openWorld, type World } from '../support/money-path';
import { connectedAgent, transferOut } from './agents-world';
import { expectError } from '../support/assertions';

let w: World;
beforeEach(async () => {
  w = await openWorld();
});
afterEach(async () => {
  await w.close();
});

describe('the seeded workspace', () => {
  it('holds one connected agent whose policy shows limits and an approval threshold, with one action waiting', async () => {
    const agents = (await w.api.get('/agents')).body;
    expect(agents.totalCount).toBe(1);
    expect(agents.data[0]).toMatchObject({
      customerId: w.seed.alice.id, isConnected: true, isPaused: false,
      policy: { spendingLimits: { currency: 'USD', perTransactionLimit: 50_000, dailyLimit: 100_000 }, approvalThresholds: { currency: 'USD', amount: 20_000 } },
    });
    const queue = (await w.api.get('/agents/approvals')).body;
    expect(queue).toMatchObject({ totalCount: 1, data: [{ agentId: agents.data[0].id, status: 'PENDING_APPROVAL', type: 'TRANSFER_OUT', transferDetails: { amount: 25_000 } }] });
    const approved = await w.api.post(`/agents/${enc(agents.data[0].id)}/actions/${enc(queue.data[0].id)}/approve`);
    expect(approved.body).toMatchObject({ status: 'APPROVED', transaction: { agentId: agents.data[0].id } });
  });
});

describe('console handlers', () => {
  it('agents/detail gives the customer name, the device code state and the activity in order', async () => {
    const a = await connectedAgent(w, undefined, w.seed.alice.id, 'Watched');
    await transferOut(w, a, 100);
    const d = await invoke(w, 'agents/detail', { agentId: a.id });
    expect(d).toMatchObject({ agent: { id: a.id, name: 'Watched' }, customerName: 'Alice Johnson', deviceCode: { redeemed: true, status: 'REDEEMED' }, pendingCount: 0 });
    expect(d.activity.map((e: { type: string }) => e.type)).toEqual(['AGENT.CREATED', 'AGENT.DEVICE_CODE_ISSUED', 'AGENT.CONNECTED', 'AGENT_ACTION.APPROVED']);
    // The executed action names the payment it made, so the console can link to it.
    const made = d.activity.at(-1)!.transactionId as string;
    expect(made).toMatch(/^Transaction:/);
    expect((await w.api.get(`/transactions/${enc(made)}`)).body).toMatchObject({ agentId: a.id });
  });

  it('agents/routes names the rail a waiting transfer-out would pay over (the destination account\'s default)', async () => {
    const queue = (await w.api.get('/agents/approvals')).body.data as { id: string; transferDetails: { destinationAccountId: string } }[];
    const routes = await invoke(w, 'agents/routes', { actionIds: [queue[0]!.id, 'AgentAction:unknown'] });
    const dest = (await w.api.get(`/customers/external-accounts/${enc(queue[0]!.transferDetails.destinationAccountId)}`)).body;
    expect(routes[queue[0]!.id]!.paymentRail).toBe(dest.accountInfo.paymentRails[0]);
    expect(routes['AgentAction:unknown']).toEqual({ paymentRail: null });
  });

  it('agents/reconnect gives the console a fresh token and the old one stops working', async () => {
    const a = await connectedAgent(w);
    const { accessToken } = await invoke(w, 'agents/reconnect', { agentId: a.id });
    expectError(await a.api.get('/agents/me'), 401, 'UNAUTHORIZED');
    expect((await w.api.as(`Bearer ${accessToken}`).get('/agents/me')).body).toMatchObject({ id: a.id, isConnected: true });
    // The console bridge passes the agent's bearer token through: the call is the agent's, judged by its policy.
    const viaConsole = await w.core.callApi({ method: 'GET', path: '/agents/me', headers: { Authorization: `Bearer ${accessToken}` } });
    expect(viaConsole).toMatchObject({ status: 200, body: { id: a.id } });
    expect((await w.core.callApi({ method: 'GET', path: '/agents/me' })).status).toBe(401);
  });
});
