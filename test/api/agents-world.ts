// Helpers of the agent suites: an agent made over the API for a seeded customer, connected by
// redeeming its device code, with a client that sends its bearer token.
import { enc, type World } from '../support/money-path';
import { ApiClient } from '../support/api-client';
import { expectStatus } from '../support/builders';
import type { ApiAnswer } from '../../core/api-client-types';

/** A policy allowing everything, in USD, with room to spare; override any part. */
export function openPolicy(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    permissions: ['VIEW_TRANSACTIONS', 'CREATE_TRANSFERS', 'CREATE_QUOTES', 'EXECUTE_QUOTES', 'MANAGE_EXTERNAL_ACCOUNTS'],
    defaultExecutionMode: 'AUTO',
    spendingLimits: { currency: 'USD', perTransactionLimit: 1_000_000 },
    ...overrides,
  };
}

/** A connected agent: its resource, its access token and a client that calls as it. */
export interface TestAgent {
  id: string;
  token: string;
  api: ApiClient;
}

/** Creates an agent for `customerId` (Alice by default) and redeems its device code. */
export async function connectedAgent(w: World, policy: Record<string, unknown> = openPolicy(), customerId = w.seed.alice.id, name = 'Test agent'): Promise<TestAgent> {
  const created = await w.api.post('/agents', { name, customerId, policy });
  if (created.status !== 201) throw new Error(`create agent: ${created.status} ${created.text}`);
  const redeemed = await w.api.post(`/agents/device-codes/${enc(created.body.deviceCode.code)}/redeem`, undefined, { auth: '' });
  if (redeemed.status !== 200) throw new Error(`redeem: ${redeemed.status} ${redeemed.text}`);
  const token = redeemed.body.accessToken as string;
  return { id: created.body.agent.id, token, api: w.api.as(`Bearer ${token}`) };
}

/** An agent's transfer-out of `amount` from Alice's USD account to her 000 account. */
export function transferOut(w: World, agent: TestAgent, amount: number, destination = w.seed.aliceExt['000']) {
  return agent.api.post('/agents/me/transfer-out', { source: { accountId: w.seed.aliceUsd }, destination: { accountId: destination }, amount });
}

/** The agent as the platform sees it. */
export async function agentOf(w: World, agent: TestAgent): Promise<ApiAnswer<'GET /agents/{agentId}'>> {
  return expectStatus(await w.api.send('GET /agents/{agentId}', { params: { agentId: agent.id } }), 200, 'get agent').body;
}

/** Changes the agent's policy (asserting 200). */
export async function patchPolicy(w: World, agent: TestAgent, patch: Record<string, unknown>): Promise<ApiAnswer<'PATCH /agents/{agentId}/policy'>> {
  return expectStatus(await w.api.patch(`/agents/${enc(agent.id)}/policy`, patch), 200, 'patch policy').body as ApiAnswer<'PATCH /agents/{agentId}/policy'>;
}
