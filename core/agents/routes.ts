import { z } from 'zod';
import { defineRoute, idParam, implement, noContent, reply } from '../api/contract';
import { listRoute } from '../api/list-route';
import {
  agentActionPageSchema, agentActionSchema, agentPageSchema, agentSchema, createAgentSchema, deviceCodeSchema,
  deviceCodeStatusSchema, listAgentsQuery, listApprovalsQuery, redeemedSchema, rejectSchema, updateAgentSchema, updatePolicySchema,
} from './schema';
import type { AgentService } from './service';
import type { AgentActions } from './actions';

const TAG = 'Agent management';
const agentId = idParam('The agent id', 'Agent:019a4b7e-8c1d-7e2f-9a3b-4c5d6e7f8a9b');
const agentParams = z.object({ agentId });
const actionParams = z.object({ agentId, actionId: idParam('The agent action id', 'AgentAction:019a4b7e-8c1d-7e2f-9a3b-4c5d6e7f8a9b') });
const codeParams = z.object({ code: idParam('The device code', 'SVC-AGENT-X7K9-M2P4') });
const NOT_PENDING = 'TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL: the action is not waiting for approval (details.status)';

/** The platform's agent routes (HTTP Basic), device-code redemption (public) and the approval of agents' transactions. */
export const agentContract = {
  listAgentApprovals: listRoute({
    path: '/agents/approvals', tag: TAG, permission: 'VIEW',
    summary: 'Agent actions waiting for the platform\'s approval, newest first unless sortOrder=asc',
    query: listApprovalsQuery,
    page: agentActionPageSchema, items: 'actions in PENDING_APPROVAL',
  }),
  getAgentDeviceCodeStatus: defineRoute({
    method: 'get', path: '/agents/device-codes/{code}/status', tag: TAG, permission: 'VIEW',
    summary: 'Whether a device code was redeemed',
    params: codeParams,
    responses: { 200: { description: 'The code\'s state', schema: deviceCodeStatusSchema } },
    errors: { 404: 'REFERENCE_NOT_FOUND: no such device code' },
  }),
  redeemAgentDeviceCode: defineRoute({
    method: 'post', path: '/agents/device-codes/{code}/redeem', tag: TAG, permission: 'PUBLIC',
    summary: 'Exchanges a device code for the agent\'s access token (no credentials: the code is the proof)',
    description: 'Returns the accessToken once; it is stored only as a hash. The agent becomes connected. Send it as Authorization: Bearer <accessToken> on /agents/me routes.',
    params: codeParams,
    responses: { 200: { description: 'The agent\'s credentials', schema: redeemedSchema } },
    errors: { 400: 'DEVICE_CODE_ALREADY_REDEEMED, DEVICE_CODE_EXPIRED, DEVICE_CODE_REPLACED', 404: 'REFERENCE_NOT_FOUND: no such device code' },
  }),
  createAgent: defineRoute({
    method: 'post', path: '/agents', tag: TAG, permission: 'MANAGE',
    summary: 'Creates an agent for one customer, with its policy and a device code to connect it',
    body: createAgentSchema,
    responses: { 201: { description: 'The agent and its first device code', schema: z.object({ agent: agentSchema, deviceCode: deviceCodeSchema }).strict().meta({ id: 'CreatedAgent' }) } },
    errors: { 404: 'USER_NOT_FOUND: no such customer', 410: 'CUSTOMER_DELETED' },
  }),
  listAgents: listRoute({
    path: '/agents', tag: TAG, permission: 'VIEW',
    summary: 'Lists agents, newest first',
    query: listAgentsQuery,
    page: agentPageSchema, items: 'agents',
  }),
  getAgentById: defineRoute({
    method: 'get', path: '/agents/{agentId}', tag: TAG, permission: 'VIEW',
    summary: 'One agent with its policy and usage counters',
    params: agentParams,
    responses: { 200: { description: 'The agent', schema: agentSchema } },
    errors: { 404: 'REFERENCE_NOT_FOUND: no such agent' },
  }),
  updateAgent: defineRoute({
    method: 'patch', path: '/agents/{agentId}', tag: TAG, permission: 'MANAGE',
    summary: 'Renames, pauses or resumes an agent',
    params: agentParams,
    body: updateAgentSchema,
    responses: { 200: { description: 'The agent', schema: agentSchema } },
    errors: { 404: 'REFERENCE_NOT_FOUND: no such agent' },
  }),
  deleteAgent: defineRoute({
    method: 'delete', path: '/agents/{agentId}', tag: TAG, permission: 'MANAGE',
    summary: 'Deletes an agent: its access token stops working at once and its waiting actions are rejected',
    params: agentParams,
    responses: { 204: { description: 'Deleted' } },
    errors: { 404: 'REFERENCE_NOT_FOUND: no such agent' },
  }),
  updateAgentPolicy: defineRoute({
    method: 'patch', path: '/agents/{agentId}/policy', tag: TAG, permission: 'MANAGE',
    summary: 'Changes an agent\'s policy (fields left out keep their value; null removes an optional part)',
    params: agentParams,
    body: updatePolicySchema,
    responses: { 200: { description: 'The agent with its new policy', schema: agentSchema } },
    errors: { 404: 'REFERENCE_NOT_FOUND: no such agent' },
  }),
  regenerateAgentDeviceCode: defineRoute({
    method: 'post', path: '/agents/{agentId}/device-codes', tag: TAG, permission: 'MANAGE',
    summary: 'Issues a new device code; earlier unredeemed codes stop working',
    params: agentParams,
    responses: { 201: { description: 'The device code', schema: deviceCodeSchema } },
    errors: { 404: 'REFERENCE_NOT_FOUND: no such agent', 409: 'CONFLICT: the agent is already connected' },
  }),
  approveAgentAction: defineRoute({
    method: 'post', path: '/agents/{agentId}/actions/{actionId}/approve', tag: TAG, permission: 'TRANSACT',
    summary: 'Approves a waiting action: it executes now, or ends FAILED with the reason (an expired quote, insufficient funds, a limit)',
    params: actionParams,
    responses: { 200: { description: 'The action, APPROVED or FAILED', schema: agentActionSchema } },
    errors: { 404: 'REFERENCE_NOT_FOUND: no such action of this agent', 409: NOT_PENDING },
  }),
  rejectAgentAction: defineRoute({
    method: 'post', path: '/agents/{agentId}/actions/{actionId}/reject', tag: TAG, permission: 'TRANSACT',
    summary: 'Rejects a waiting action; nothing moves',
    params: actionParams,
    body: rejectSchema,
    responses: { 200: { description: 'The action, REJECTED', schema: agentActionSchema } },
    errors: { 404: 'REFERENCE_NOT_FOUND: no such action of this agent', 409: NOT_PENDING },
  }),
};

/** Serves the platform's agent routes. */
export function agentRoutes(agents: AgentService, actions: AgentActions) {
  return implement(agentContract, {
    listAgentApprovals: ({ query: { startDate, endDate, ...q } }) => reply(200, actions.list({
      ...q, status: 'PENDING_APPROVAL', startMs: startDate ? Date.parse(startDate) : undefined, endMs: endDate ? Date.parse(endDate) : undefined,
    })),
    getAgentDeviceCodeStatus: ({ params }) => reply(200, agents.deviceCodeStatus(params.code)),
    redeemAgentDeviceCode: ({ params }) => reply(200, agents.redeem(params.code)),
    createAgent: ({ body }) => reply(201, agents.create(body)),
    listAgents: ({ query }) => reply(200, agents.list(query)),
    getAgentById: ({ params }) => reply(200, agents.get(params.agentId)),
    updateAgent: ({ params, body }) => reply(200, agents.update(params.agentId, body)),
    deleteAgent: ({ params }) => (agents.delete(params.agentId), noContent()),
    updateAgentPolicy: ({ params, body }) => reply(200, agents.updatePolicy(params.agentId, body)),
    regenerateAgentDeviceCode: ({ params }) => reply(201, agents.issueDeviceCode(params.agentId)),
    approveAgentAction: ({ params }) => reply(200, actions.approve(params.actionId, agents.record(params.agentId).id)),
    rejectAgentAction: ({ params, body }) => reply(200, actions.reject(params.actionId, body?.reason, agents.record(params.agentId).id)),
  });
}
