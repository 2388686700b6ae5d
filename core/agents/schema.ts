import { z } from 'zod';
import { MAX_AMOUNT } from '../kernel/money';
import { pageQuerySchema, pageSchema } from '../kernel/pagination';
import { quoteSchema } from '../quotes/schema';
import { transactionSchema } from '../transactions/schema';
import { fromBound, toBound } from '../kernel/date-bounds';

/** What an agent may do (upstream's AgentPermission). */
export const AGENT_PERMISSIONS = ['VIEW_TRANSACTIONS', 'CREATE_TRANSFERS', 'CREATE_QUOTES', 'EXECUTE_QUOTES', 'MANAGE_EXTERNAL_ACCOUNTS'] as const;
/** One agent permission. */
export type AgentPermission = (typeof AGENT_PERMISSIONS)[number];
/** Whether an agent's actions run at once or wait for the platform. */
export const EXECUTION_MODES = ['AUTO', 'APPROVAL_REQUIRED'] as const;
/** The kinds of agent action. */
export const AGENT_ACTION_TYPES = ['EXECUTE_QUOTE', 'TRANSFER_OUT', 'TRANSFER_IN'] as const;
/** The statuses of an agent action: PENDING_APPROVAL -> APPROVED | REJECTED | FAILED. */
export const AGENT_ACTION_STATUSES = ['PENDING_APPROVAL', 'APPROVED', 'REJECTED', 'FAILED'] as const;
/** An agent action's status. */
export type AgentActionStatus = (typeof AGENT_ACTION_STATUSES)[number];

const timestamp = z.iso.datetime();
const currencyCode = z.string().min(3).max(5).transform((s) => s.toUpperCase()).meta({ example: 'USD' });
const limit = (description: string) => z.number().int('must be an integer in the smallest unit of the policy currency').min(0).max(MAX_AMOUNT).meta({ description });

/** The spending limits, in the smallest unit of `currency`. */
export const spendingLimitsSchema = z.object({
  currency: currencyCode.meta({ description: 'The currency every limit and usage counter is counted in; other currencies are converted at the current rate' }),
  perTransactionLimit: limit('The most one action may move'),
  dailyLimit: limit('The most all actions of one day (UTC, on the workspace clock) may move; null or absent: no limit').nullable().optional(),
  dailyTransactionLimit: z.number().int().min(0).nullable().optional().meta({ description: 'How many actions one day may hold; null or absent: no limit' }),
  monthlyLimit: limit('The most all actions of one calendar month may move; null or absent: no limit').nullable().optional(),
}).strict().meta({ id: 'AgentSpendingLimits' });

/** One account's rule. */
export const accountRuleSchema = z.object({
  accountId: z.string().min(1).meta({ description: 'An internal or external account of the customer' }),
  executionMode: z.enum(EXECUTION_MODES).optional().meta({ description: 'APPROVAL_REQUIRED: every action touching the account waits for approval' }),
  perTransactionLimit: limit('A tighter per-action limit for actions touching the account; null inherits the policy limit').nullable().optional(),
}).strict().meta({ id: 'AgentAccountRule' });

/** Which accounts the agent may touch, and rules per account. */
export const accountRestrictionsSchema = z.object({
  allowedAccountIds: z.array(z.string().min(1)).nullable().optional()
    .meta({ description: 'Every account an action names (source and destination) must be listed; null or absent: any account of the customer' }),
  accountRules: z.array(accountRuleSchema).optional(),
}).strict().meta({ id: 'AgentAccountRestrictions' });

/** Above which amount an action needs the platform's approval. */
export const approvalThresholdsSchema = z.object({
  currency: currencyCode.optional().meta({ description: 'Required when amount is set' }),
  amount: z.number().int().min(0).max(MAX_AMOUNT).nullable().optional().meta({ description: 'Actions strictly above it wait for approval even in AUTO mode; null: no threshold' }),
}).strict().meta({ id: 'AgentApprovalThresholds' });

/** The policy an agent acts under. */
export const agentPolicySchema = z.object({
  permissions: z.array(z.enum(AGENT_PERMISSIONS)).meta({ description: 'What the agent may do' }),
  defaultExecutionMode: z.enum(EXECUTION_MODES).default('AUTO').meta({ description: 'APPROVAL_REQUIRED: every money movement waits for the platform' }),
  spendingLimits: spendingLimitsSchema,
  accountRestrictions: accountRestrictionsSchema.optional(),
  approvalThresholds: approvalThresholdsSchema.optional(),
}).strict().meta({ id: 'AgentPolicy' });

/** An agent's policy as stored and returned. */
export type AgentPolicy = z.output<typeof agentPolicySchema>;

/** Counters against the policy, in the policy currency's smallest unit. */
export const agentUsageSchema = z.object({
  dailySpend: z.number().int().min(0),
  dailyTransactionCount: z.number().int().min(0),
  monthlySpend: z.number().int().min(0),
  dailyResetDate: z.string().meta({ description: 'The day (UTC, YYYY-MM-DD) the daily counters count; they restart at the next midnight of the workspace clock', example: '2026-01-01' }),
  monthlyResetMonth: z.string().meta({ description: 'The month (YYYY-MM) the monthly counter counts', example: '2026-01' }),
}).strict().meta({ id: 'AgentUsage' });

/** Agent usage counters. */
export type AgentUsage = z.infer<typeof agentUsageSchema>;

/** The Agent resource. */
export const agentSchema = z.object({
  id: z.string().meta({ example: 'Agent:019a4b7e-8c1d-7e2f-9a3b-4c5d6e7f8a9b' }),
  name: z.string(),
  customerId: z.string().meta({ description: 'The one customer the agent acts for' }),
  isPaused: z.boolean().meta({ description: 'A paused agent can do nothing' }),
  isConnected: z.boolean().meta({ description: 'True once a device code was redeemed' }),
  policy: agentPolicySchema,
  usage: agentUsageSchema,
  createdAt: timestamp,
  updatedAt: timestamp,
}).strict().meta({ id: 'Agent' });

/** An agent as the API returns it. */
export type Agent = z.infer<typeof agentSchema>;

/** A one-time code the agent's software redeems for its access token. */
export const deviceCodeSchema = z.object({
  code: z.string().meta({ example: 'SVC-AGENT-X7K9-M2P4' }),
  agentId: z.string(),
  expiresAt: timestamp,
  redeemed: z.boolean(),
}).strict().meta({ id: 'AgentDeviceCode' });

/** An agent device code. */
export type DeviceCode = z.infer<typeof deviceCodeSchema>;

/** Where a device code stands. */
export const deviceCodeStatusSchema = z.object({
  code: z.string(),
  redeemed: z.boolean(),
  agentId: z.string(),
  expiresAt: timestamp,
  status: z.enum(['ACTIVE', 'REDEEMED', 'EXPIRED', 'REPLACED']).meta({ description: 'REPLACED: a newer code was issued for the agent' }),
}).strict().meta({ id: 'AgentDeviceCodeStatus' });

/** `POST /agents/device-codes/{code}/redeem` answer: the access token, shown this once. */
export const redeemedSchema = z.object({
  agentId: z.string(),
  agentName: z.string(),
  accessToken: z.string().meta({ description: 'Send as Authorization: Bearer <accessToken>; stored only as a hash, never shown again', example: 'gat_3f1c9a0b7d2e4c6f8a1b3d5e7f9a0c2e4b6d8f0a' }),
  policy: agentPolicySchema,
}).strict().meta({ id: 'AgentCredentials' });

/** What a transfer action moves. */
export const transferDetailsSchema = z.object({
  amount: z.number().int().positive(),
  currency: z.string(),
  sourceAccountId: z.string(),
  destinationAccountId: z.string(),
}).strict().meta({ id: 'AgentTransferDetails' });

/** The AgentAction resource: one money movement an agent asked for. */
export const agentActionSchema = z.object({
  id: z.string().meta({ example: 'AgentAction:019a4b7e-8c1d-7e2f-9a3b-4c5d6e7f8a9b' }),
  agentId: z.string(),
  customerId: z.string(),
  platformCustomerId: z.string(),
  type: z.enum(AGENT_ACTION_TYPES),
  status: z.enum(AGENT_ACTION_STATUSES),
  quote: quoteSchema.optional().meta({ description: 'EXECUTE_QUOTE: the quote (its transactionId names the transaction to approve)' }),
  transferDetails: transferDetailsSchema.optional().meta({ description: 'TRANSFER_IN and TRANSFER_OUT: what moves' }),
  transaction: transactionSchema.optional().meta({ description: 'Present once the action executed (absent while PENDING_APPROVAL and after REJECTED)' }),
  approvalReasons: z.array(z.string()).optional().meta({ description: 'Why the action waits (or waited) for approval, in words' }),
  rejectionReason: z.string().optional(),
  failureReason: z.string().optional().meta({ description: 'FAILED: why the approved action could not execute (an expired quote, insufficient funds, a limit)' }),
  createdAt: timestamp,
  updatedAt: timestamp,
}).strict().meta({ id: 'AgentAction' });

/** An agent action. */
export type AgentAction = z.infer<typeof agentActionSchema>;

/** `POST /agents` body. */
export const createAgentSchema = z.object({
  name: z.string().trim().min(1).max(200),
  customerId: z.string().min(1),
  policy: agentPolicySchema,
}).strict().meta({ id: 'CreateAgentRequest' });

/** `PATCH /agents/{agentId}` body. */
export const updateAgentSchema = z.object({
  name: z.string().trim().min(1).max(200).optional(),
  isPaused: z.boolean().optional(),
}).strict().meta({ id: 'UpdateAgentRequest' });

/** `PATCH /agents/{agentId}/policy` body: every field optional; `spendingLimits` merges field by field. */
export const updatePolicySchema = z.object({
  permissions: z.array(z.enum(AGENT_PERMISSIONS)).optional(),
  defaultExecutionMode: z.enum(EXECUTION_MODES).optional(),
  spendingLimits: spendingLimitsSchema.partial().optional(),
  accountRestrictions: accountRestrictionsSchema.nullable().optional(),
  approvalThresholds: approvalThresholdsSchema.nullable().optional(),
}).strict().meta({ id: 'UpdateAgentPolicyRequest' });

const boolFilter = z.enum(['true', 'false']).transform((v) => v === 'true').optional();

/** `GET /agents` query. */
export const listAgentsQuery = pageQuerySchema.extend({
  customerId: z.string().optional(),
  isPaused: boolFilter,
  isConnected: boolFilter,
  createdAfter: fromBound().optional(),
  createdBefore: toBound().optional(),
  updatedAfter: fromBound().optional(),
  updatedBefore: toBound().optional(),
});

/** `GET /agents/approvals` query. */
export const listApprovalsQuery = pageQuerySchema.extend({
  agentId: z.string().optional(),
  customerId: z.string().optional(),
  startDate: fromBound('Created at or after (inclusive)').optional(),
  endDate: toBound('Created at or before (inclusive)').optional(),
  sortOrder: z.enum(['asc', 'desc']).default('desc'),
});

/** `GET /agents/me/actions` query. */
export const listActionsQuery = pageQuerySchema.extend({
  status: z.enum(AGENT_ACTION_STATUSES).optional(),
});

/** The platform's approve and reject bodies are the transactions area's (one declaration each). */
export { approveSchema, rejectSchema } from '../transactions/schema';

/** Pages of agents and of agent actions. */
export const agentPageSchema = pageSchema(agentSchema, 'AgentList');
/** A page of agent actions. */
export const agentActionPageSchema = pageSchema(agentActionSchema, 'AgentActionList');
