import { createHash, randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type { Ctx } from '../context';
import type { Principal } from '../api/types';
import { conflict, invalidInput, notFound, ServiceError, unauthorized } from '../kernel/errors';
import { findCurrency } from '../kernel/money';
import type { Page } from '../kernel/pagination';
import { isoOf } from '../kernel/clock';
import { agentRepo, type AgentFilter, type AgentRecord, type DeviceCodeRecord } from './repo';
import { currentUsage, usagePeriod, type Convert, type StoredUsage } from './policy';
import type { Agent, AgentPolicy, createAgentSchema, DeviceCode, updateAgentSchema, updatePolicySchema } from './schema';

/** How long a device code can be redeemed (upstream's example: a day). */
export const DEVICE_CODE_TTL_MS = 24 * 60 * 60 * 1000;
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/**
 * Why an unsalted SHA-256 for access tokens: a token is 160 random bits, so it cannot be guessed or
 * found in a table, and a deterministic hash lets a bearer token be looked up by its hash directly
 * (a per-token salt would need an id inside the token). The token itself is never stored.
 */
export function hashAccessToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function randomCode(): string {
  const bytes = randomBytes(8);
  const chars = [...bytes].map((b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join('');
  return `SVC-AGENT-${chars.slice(0, 4)}-${chars.slice(4)}`;
}

/** What the agents area needs from the areas below it (wired in services.ts). */
export interface AgentOwnership {
  /** Throws unless a live customer has the id. */
  assertCustomer(id: string): void;
  /** The customer owning an internal or external account; undefined for an unknown account (null: the platform's). */
  ownerOfAccount(id: string): string | null | undefined;
  convert: Convert;
}

/** Agents: management by the platform, device codes, redemption and bearer authentication. */
export class AgentService {
  /** The agents' SQL (shared with the operations and approvals of this area). */
  readonly repo;

  constructor(private readonly ctx: Ctx, private readonly own: AgentOwnership) {
    this.repo = agentRepo(ctx.db);
  }

  /** Creates an agent with its first device code. */
  create(body: z.output<typeof createAgentSchema>): { agent: Agent; deviceCode: DeviceCode } {
    this.own.assertCustomer(body.customerId);
    const policy = this.checkPolicy(normalise(body.policy), body.customerId, 'policy');
    const id = this.ctx.ids('Agent');
    const now = this.ctx.clock.nowMs();
    const { day, month } = usagePeriod(now);
    return this.ctx.transaction(() => {
      this.repo.insertAgent({ id, name: body.name, customerId: body.customerId, policy, day, month, atMs: now });
      const agent = this.get(id);
      this.ctx.events.append('AGENT.CREATED', 'Agent', id, agent);
      return { agent, deviceCode: this.newCode(id, now) };
    });
  }

  /** One live agent (404 NOT_FOUND). */
  get(id: string): Agent {
    return this.toResource(this.record(id));
  }

  /** The stored agent (404 NOT_FOUND when unknown or deleted). */
  record(id: string): AgentRecord {
    const found = this.repo.find(id);
    if (!found) throw notFound('REFERENCE_NOT_FOUND', `Agent ${id} not found`);
    return found;
  }

  /** Live agents, newest first. */
  list(f: AgentFilter): Page<Agent> {
    const page = this.repo.list(f);
    return { ...page, data: page.data.map((a) => this.toResource(a)) };
  }

  /** Number of live agents. */
  count(): number {
    return this.repo.count();
  }

  /** Renames, pauses or resumes an agent. */
  update(id: string, patch: z.output<typeof updateAgentSchema>): Agent {
    return this.ctx.transaction(() => {
      const a = this.record(id);
      this.repo.update(id, { name: patch.name ?? a.name, isPaused: patch.isPaused ?? a.isPaused, policy: a.policy }, this.ctx.clock.nowMs());
      const agent = this.get(id);
      const event = patch.isPaused === undefined || patch.isPaused === a.isPaused ? 'AGENT.UPDATED' : patch.isPaused ? 'AGENT.PAUSED' : 'AGENT.RESUMED';
      this.ctx.events.append(event, 'Agent', id, agent);
      return agent;
    });
  }

  /** Changes the policy (partially; `spendingLimits` merges field by field); it applies to the next action. */
  updatePolicy(id: string, patch: z.output<typeof updatePolicySchema>): Agent {
    const a = this.record(id);
    const cur = a.policy;
    const limits = { ...cur.spendingLimits, ...stripUndefined(patch.spendingLimits ?? {}) };
    const next: AgentPolicy = normalise({
      permissions: patch.permissions ?? cur.permissions,
      defaultExecutionMode: patch.defaultExecutionMode ?? cur.defaultExecutionMode,
      spendingLimits: limits,
      ...pick('accountRestrictions', patch.accountRestrictions, cur.accountRestrictions),
      ...pick('approvalThresholds', patch.approvalThresholds, cur.approvalThresholds),
    });
    this.checkPolicy(next, a.customerId, '');
    return this.ctx.transaction(() => {
      const now = this.ctx.clock.nowMs();
      // A new policy currency re-denominates the limits; the counters so far are converted at the current rate.
      if (limits.currency !== cur.spendingLimits.currency) {
        const u = currentUsage(a.usage, now);
        const c = (n: number) => (n === 0 ? 0 : this.own.convert(n, cur.spendingLimits.currency, limits.currency));
        this.repo.setUsage(id, { dailySpend: c(u.dailySpend), dailyCount: u.dailyTransactionCount, monthlySpend: c(u.monthlySpend), day: u.dailyResetDate, month: u.monthlyResetMonth }, now);
      }
      this.repo.update(id, { name: a.name, isPaused: a.isPaused, policy: next }, now);
      const agent = this.get(id);
      this.ctx.events.append('AGENT.POLICY_UPDATED', 'Agent', id, agent);
      return agent;
    });
  }

  /** Deletes an agent: its software loses access at once and its waiting actions are rejected. */
  delete(id: string): void {
    this.ctx.transaction(() => {
      this.record(id);
      const now = this.ctx.clock.nowMs();
      for (const action of this.repo.pendingOf(id)) {
        this.repo.finishAction(action.id, 'REJECTED', { rejectionReason: 'The agent was deleted' }, now);
      }
      this.repo.delete(id, now);
      this.ctx.events.append('AGENT.DELETED', 'Agent', id, { id });
    });
  }

  /** Issues a new device code (earlier unredeemed ones stop working); 409 while the agent is connected. */
  issueDeviceCode(id: string): DeviceCode {
    return this.ctx.transaction(() => {
      const a = this.record(id);
      if (a.isConnected) throw conflict(`Agent ${id} is already connected; a new device code is issued only to an agent that is not`, 'CONFLICT');
      return this.newCode(id, this.ctx.clock.nowMs());
    });
  }

  /** The agent's newest device code with its state (the console shows redemption progress). */
  latestDeviceCode(id: string): (DeviceCode & { status: string }) | undefined {
    const c = this.repo.latestCode(id);
    return c && { ...codeResource(c), status: this.codeStatus(c) };
  }

  /** Where a device code stands (404 for an unknown code). */
  deviceCodeStatus(code: string): { code: string; redeemed: boolean; agentId: string; expiresAt: string; status: 'ACTIVE' | 'REDEEMED' | 'EXPIRED' | 'REPLACED' } {
    const c = this.repo.findCode(code);
    if (!c) throw notFound('REFERENCE_NOT_FOUND', `Device code ${code} not found`);
    return { code: c.code, redeemed: c.status === 'REDEEMED', agentId: c.agentId, expiresAt: isoOf(c.expiresAt), status: this.codeStatus(c) };
  }

  /** Redeems a device code for the agent's access token (returned this once); the agent becomes connected. */
  redeem(code: string): { agentId: string; agentName: string; accessToken: string; policy: AgentPolicy } {
    const c = this.repo.findCode(code);
    if (!c || !this.repo.find(c.agentId)) throw notFound('REFERENCE_NOT_FOUND', `Device code ${code} not found`);
    const status = this.codeStatus(c);
    if (status === 'REDEEMED') throw new ServiceError(400, 'DEVICE_CODE_ALREADY_REDEEMED', `Device code ${code} was already redeemed`, { field: 'code' });
    if (status === 'EXPIRED') throw new ServiceError(400, 'DEVICE_CODE_EXPIRED', `Device code ${code} expired at ${isoOf(c.expiresAt)}`, { field: 'code' });
    if (status === 'REPLACED') throw new ServiceError(400, 'DEVICE_CODE_REPLACED', `Device code ${code} was replaced by a newer one`, { field: 'code' });
    const accessToken = `gat_${randomBytes(20).toString('hex')}`;
    return this.ctx.transaction(() => {
      const now = this.ctx.clock.nowMs();
      if (!this.repo.redeemCode(code, now)) throw new ServiceError(400, 'DEVICE_CODE_ALREADY_REDEEMED', `Device code ${code} was already redeemed`, { field: 'code' });
      this.repo.insertToken(hashAccessToken(accessToken), c.agentId, now);
      this.repo.setConnected(c.agentId, true, now);
      const agent = this.get(c.agentId);
      this.ctx.events.append('AGENT.CONNECTED', 'Agent', agent.id, agent);
      return { agentId: agent.id, agentName: agent.name, accessToken, policy: agent.policy };
    });
  }

  /**
   * Console only: connects the console as the agent (its "act as the agent" panel). The agent's earlier
   * token stops working, a device code is issued and redeemed at once, and the new token is returned.
   */
  reconnect(id: string): { agentId: string; accessToken: string } {
    return this.ctx.transaction(() => {
      this.record(id);
      const now = this.ctx.clock.nowMs();
      this.repo.revokeTokens(id, now);
      this.repo.setConnected(id, false, now);
      return { agentId: id, accessToken: this.redeem(this.newCode(id, now).code).accessToken };
    });
  }

  /** Verifies `Authorization: Bearer <accessToken>` and returns the agent as the caller. */
  authenticate(header: string): Principal {
    const m = /^Bearer\s+(\S+)\s*$/i.exec(header.trim());
    if (!m) throw unauthorized('Authorization must be "Bearer <accessToken>" with the token a redeemed device code returned');
    const agentId = this.repo.agentOfToken(hashAccessToken(m[1]!));
    if (!agentId || !this.repo.find(agentId)) throw unauthorized('Invalid or revoked agent access token');
    return { kind: 'AGENT', id: agentId, permissions: [] };
  }

  /** Adds an executed action to the agent's counters (call inside the action's transaction). */
  addUsage(a: AgentRecord, policyAmount: number): void {
    const now = this.ctx.clock.nowMs();
    const u = currentUsage(a.usage, now);
    const next: StoredUsage = {
      dailySpend: u.dailySpend + policyAmount, dailyCount: u.dailyTransactionCount + 1, monthlySpend: u.monthlySpend + policyAmount,
      day: u.dailyResetDate, month: u.monthlyResetMonth,
    };
    this.repo.setUsage(a.id, next, now);
  }

  /** The API resource of a stored agent, with its counters as they stand now. */
  toResource(a: AgentRecord): Agent {
    return {
      id: a.id, name: a.name, customerId: a.customerId, isPaused: a.isPaused, isConnected: a.isConnected, policy: a.policy,
      usage: currentUsage(a.usage, this.ctx.clock.nowMs()), createdAt: a.createdAt, updatedAt: a.updatedAt,
    };
  }

  private newCode(agentId: string, now: number): DeviceCode {
    const code = randomCode();
    this.repo.insertCode(code, agentId, now + DEVICE_CODE_TTL_MS, now);
    this.ctx.events.append('AGENT.DEVICE_CODE_ISSUED', 'Agent', agentId, { code, expiresAt: isoOf(now + DEVICE_CODE_TTL_MS) });
    return codeResource(this.repo.findCode(code)!);
  }

  private codeStatus(c: DeviceCodeRecord): 'ACTIVE' | 'REDEEMED' | 'EXPIRED' | 'REPLACED' {
    if (c.status !== 'ACTIVE') return c.status;
    return this.ctx.clock.nowMs() >= c.expiresAt ? 'EXPIRED' : 'ACTIVE';
  }

  /** Checks what zod cannot: supported currencies, a threshold's currency, accounts of the agent's own customer. */
  private checkPolicy(p: AgentPolicy, customerId: string, prefix: string): AgentPolicy {
    const f = (name: string) => (prefix ? `${prefix}.${name}` : name);
    if (!findCurrency(p.spendingLimits.currency)) throw invalidInput(f('spendingLimits.currency'), `${p.spendingLimits.currency} is not a supported currency`);
    const t = p.approvalThresholds;
    if (t?.amount !== null && t?.amount !== undefined && !t.currency) throw invalidInput(f('approvalThresholds.currency'), 'is required when amount is set');
    if (t?.currency && !findCurrency(t.currency)) throw invalidInput(f('approvalThresholds.currency'), `${t.currency} is not a supported currency`);
    const r = p.accountRestrictions;
    const check = (id: string, field: string) => {
      if (this.own.ownerOfAccount(id) !== customerId) throw invalidInput(field, `${id} is not an account of customer ${customerId}`);
    };
    (r?.allowedAccountIds ?? []).forEach((id, i) => check(id, f(`accountRestrictions.allowedAccountIds.${i}`)));
    (r?.accountRules ?? []).forEach((rule, i) => check(rule.accountId, f(`accountRestrictions.accountRules.${i}.accountId`)));
    return p;
  }
}

function codeResource(c: DeviceCodeRecord): DeviceCode {
  return { code: c.code, agentId: c.agentId, expiresAt: isoOf(c.expiresAt), redeemed: c.status === 'REDEEMED' };
}

function normalise(p: AgentPolicy): AgentPolicy {
  return { ...p, permissions: [...new Set(p.permissions)] };
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** A patch field: null removes it, absent keeps the current value. */
function pick<K extends string, V>(key: K, patch: V | null | undefined, current: V | undefined): Partial<Record<K, V>> {
  const value = patch === null ? undefined : patch ?? current;
  return (value === undefined ? {} : { [key]: value }) as Partial<Record<K, V>>;
}
