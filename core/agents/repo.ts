import type { Db } from '../kernel/db';
import { isoOf } from '../kernel/clock';
import { selectPage, type Page } from '../kernel/pagination';
import type { AgentPolicy } from './schema';
import type { StoredUsage } from './policy';

/** An agent as stored: the resource's fields plus its raw usage counters. */
export interface AgentRecord {
  id: string;
  name: string;
  customerId: string;
  isPaused: boolean;
  isConnected: boolean;
  policy: AgentPolicy;
  usage: StoredUsage;
  createdAt: string;
  updatedAt: string;
}

interface AgentRow {
  id: string; name: string; customer_id: string; is_paused: number; is_connected: number; policy: string;
  daily_spend: number; daily_count: number; monthly_spend: number; usage_day: string; usage_month: string;
  created_at: number; updated_at: number; deleted_at: number | null;
}

function agentFromRow(r: AgentRow): AgentRecord {
  return {
    id: r.id, name: r.name, customerId: r.customer_id, isPaused: r.is_paused === 1, isConnected: r.is_connected === 1,
    policy: JSON.parse(r.policy) as AgentPolicy,
    usage: { dailySpend: r.daily_spend, dailyCount: r.daily_count, monthlySpend: r.monthly_spend, day: r.usage_day, month: r.usage_month },
    createdAt: isoOf(r.created_at), updatedAt: isoOf(r.updated_at),
  };
}

/** Filters of the agent list. */
export interface AgentFilter {
  customerId?: string | undefined;
  isPaused?: boolean | undefined;
  isConnected?: boolean | undefined;
  createdAfter?: string | undefined;
  createdBefore?: string | undefined;
  updatedAfter?: string | undefined;
  updatedBefore?: string | undefined;
  limit: number;
  cursor?: string | undefined;
}

/** A device code as stored. */
export interface DeviceCodeRecord {
  code: string;
  agentId: string;
  status: 'ACTIVE' | 'REDEEMED' | 'REPLACED';
  expiresAt: number;
  createdAt: number;
}

/** An agent action as stored (the quote and transaction are read from their areas by id). */
export interface ActionRecord {
  id: string;
  agentId: string;
  customerId: string;
  platformCustomerId: string;
  type: 'EXECUTE_QUOTE' | 'TRANSFER_OUT' | 'TRANSFER_IN';
  status: 'PENDING_APPROVAL' | 'APPROVED' | 'REJECTED' | 'FAILED';
  quoteId: string | null;
  transactionId: string | null;
  /** TRANSFER_IN / TRANSFER_OUT: the request body, replayed when the platform approves. */
  request: Record<string, unknown> | null;
  approvalReasons: string[];
  rejectionReason: string | null;
  failureReason: string | null;
  createdAt: number;
  updatedAt: number;
}

interface ActionRow {
  id: string; agent_id: string; customer_id: string; platform_customer_id: string; type: ActionRecord['type']; status: ActionRecord['status'];
  quote_id: string | null; transaction_id: string | null; request: string | null; approval_reasons: string;
  rejection_reason: string | null; failure_reason: string | null; created_at: number; updated_at: number;
}

function actionFromRow(r: ActionRow): ActionRecord {
  return {
    id: r.id, agentId: r.agent_id, customerId: r.customer_id, platformCustomerId: r.platform_customer_id, type: r.type, status: r.status,
    quoteId: r.quote_id, transactionId: r.transaction_id, request: r.request ? (JSON.parse(r.request) as Record<string, unknown>) : null,
    approvalReasons: JSON.parse(r.approval_reasons) as string[], rejectionReason: r.rejection_reason, failureReason: r.failure_reason,
    createdAt: r.created_at, updatedAt: r.updated_at,
  };
}

/** Filters of action lists (an agent's own, or the platform's approvals queue). */
export interface ActionFilter {
  agentId?: string | undefined;
  customerId?: string | undefined;
  status?: ActionRecord['status'] | undefined;
  startMs?: number | undefined;
  endMs?: number | undefined;
  sortOrder: 'asc' | 'desc';
  limit: number;
  cursor?: string | undefined;
}

/** The SQL of agents, their device codes, access tokens, quotes and actions. */
export function agentRepo(db: Db) {
  const insertAgent = db.prepare(
    `INSERT INTO agents (id, name, customer_id, policy, usage_day, usage_month, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const byId = db.prepare<[string], AgentRow>('SELECT * FROM agents WHERE id = ? AND deleted_at IS NULL');
  const update = db.prepare('UPDATE agents SET name = ?, is_paused = ?, policy = ?, updated_at = ? WHERE id = ?');
  const setUsage = db.prepare('UPDATE agents SET daily_spend = ?, daily_count = ?, monthly_spend = ?, usage_day = ?, usage_month = ?, updated_at = ? WHERE id = ?');
  const setConnected = db.prepare('UPDATE agents SET is_connected = ?, updated_at = ? WHERE id = ?');
  const remove = db.prepare('UPDATE agents SET deleted_at = ?, updated_at = ?, is_connected = 0 WHERE id = ?');
  const countLive = db.prepare<[], { n: number }>('SELECT count(*) AS n FROM agents WHERE deleted_at IS NULL');

  const insertCode = db.prepare(`INSERT INTO agent_device_codes (code, agent_id, status, expires_at, created_at) VALUES (?, ?, 'ACTIVE', ?, ?)`);
  const replaceCodes = db.prepare(`UPDATE agent_device_codes SET status = 'REPLACED' WHERE agent_id = ? AND status = 'ACTIVE'`);
  const codeById = db.prepare<[string], { code: string; agent_id: string; status: DeviceCodeRecord['status']; expires_at: number; created_at: number }>(
    'SELECT * FROM agent_device_codes WHERE code = ?',
  );
  const latestCode = db.prepare<[string], { code: string; agent_id: string; status: DeviceCodeRecord['status']; expires_at: number; created_at: number }>(
    'SELECT * FROM agent_device_codes WHERE agent_id = ? ORDER BY created_at DESC, rowid DESC LIMIT 1',
  );
  const redeemCode = db.prepare(`UPDATE agent_device_codes SET status = 'REDEEMED', redeemed_at = ? WHERE code = ? AND status = 'ACTIVE'`);

  const insertToken = db.prepare('INSERT INTO agent_tokens (token_hash, agent_id, created_at) VALUES (?, ?, ?)');
  const tokenAgent = db.prepare<[string], { agent_id: string }>('SELECT agent_id FROM agent_tokens WHERE token_hash = ? AND revoked_at IS NULL');
  const revokeTokens = db.prepare('UPDATE agent_tokens SET revoked_at = ? WHERE agent_id = ? AND revoked_at IS NULL');

  const insertQuote = db.prepare('INSERT INTO agent_quotes (quote_id, agent_id, transaction_id, created_at) VALUES (?, ?, ?, ?)');
  const quoteAgent = db.prepare<[string], { agent_id: string }>('SELECT agent_id FROM agent_quotes WHERE quote_id = ?');

  const insertAction = db.prepare(
    `INSERT INTO agent_actions (id, agent_id, customer_id, platform_customer_id, type, status, quote_id, transaction_id, request,
       approval_reasons, created_at, updated_at)
     VALUES (@id, @agent_id, @customer_id, @platform_customer_id, @type, @status, @quote_id, @transaction_id, @request, @approval_reasons, @created_at, @updated_at)`,
  );
  const actionById = db.prepare<[string], ActionRow>('SELECT * FROM agent_actions WHERE id = ?');
  const actionOfQuote = db.prepare<[string], ActionRow>(`SELECT * FROM agent_actions WHERE quote_id = ? AND status <> 'FAILED' ORDER BY created_at DESC LIMIT 1`);
  const actionOfTransaction = db.prepare<[string], ActionRow>('SELECT * FROM agent_actions WHERE transaction_id = ? ORDER BY created_at DESC LIMIT 1');
  const finishAction = db.prepare('UPDATE agent_actions SET status = ?, transaction_id = coalesce(?, transaction_id), rejection_reason = ?, failure_reason = ?, updated_at = ? WHERE id = ?');
  const pendingOfAgent = db.prepare<[string], ActionRow>(`SELECT * FROM agent_actions WHERE agent_id = ? AND status = 'PENDING_APPROVAL'`);
  const actionsOfAgent = db.prepare<[string, number], ActionRow>('SELECT * FROM agent_actions WHERE agent_id = ? ORDER BY created_at DESC, id DESC LIMIT ?');

  return {
    /** Stores a new agent with zeroed counters for the current period. */
    insertAgent(a: { id: string; name: string; customerId: string; policy: AgentPolicy; day: string; month: string; atMs: number }): void {
      insertAgent.run(a.id, a.name, a.customerId, JSON.stringify(a.policy), a.day, a.month, a.atMs, a.atMs);
    },
    /** A live (not deleted) agent. */
    find(id: string): AgentRecord | undefined {
      const row = byId.get(id);
      return row && agentFromRow(row);
    },
    /** Saves the name, pause flag and policy. */
    update(id: string, a: { name: string; isPaused: boolean; policy: AgentPolicy }, atMs: number): void {
      update.run(a.name, a.isPaused ? 1 : 0, JSON.stringify(a.policy), atMs, id);
    },
    /** Saves the usage counters with the period they count. */
    setUsage(id: string, u: StoredUsage, atMs: number): void {
      setUsage.run(u.dailySpend, u.dailyCount, u.monthlySpend, u.day, u.month, atMs, id);
    },
    /** Marks the agent connected (its device code was redeemed). */
    setConnected(id: string, connected: boolean, atMs: number): void {
      setConnected.run(connected ? 1 : 0, atMs, id);
    },
    /** Soft-deletes the agent and revokes its access tokens. */
    delete(id: string, atMs: number): void {
      remove.run(atMs, atMs, id);
      revokeTokens.run(atMs, id);
    },
    /** Number of live agents. */
    count(): number {
      return countLive.get()!.n;
    },
    /** Live agents, newest first, filtered. */
    list(f: AgentFilter): Page<AgentRecord> {
      const where = ['deleted_at IS NULL'];
      const params: unknown[] = [];
      const add = (sql: string, v: unknown) => { if (v !== undefined) (where.push(sql), params.push(v)); };
      add('customer_id = ?', f.customerId);
      add('is_paused = ?', f.isPaused === undefined ? undefined : f.isPaused ? 1 : 0);
      add('is_connected = ?', f.isConnected === undefined ? undefined : f.isConnected ? 1 : 0);
      add('created_at >= ?', f.createdAfter && Date.parse(f.createdAfter));
      add('created_at <= ?', f.createdBefore && Date.parse(f.createdBefore));
      add('updated_at >= ?', f.updatedAfter && Date.parse(f.updatedAfter));
      add('updated_at <= ?', f.updatedBefore && Date.parse(f.updatedBefore));
      return selectPage<AgentRow, AgentRecord>(db, {
        select: 'SELECT * FROM agents', from: 'FROM agents', where, params, limit: f.limit, cursor: f.cursor,
        order: 'desc', keyColumn: 'created_at', idColumn: 'id', map: agentFromRow, position: (r) => ({ k: r.created_at, id: r.id }),
      });
    },

    /** Stores a new device code, replacing the agent's earlier unredeemed ones. */
    insertCode(code: string, agentId: string, expiresAt: number, atMs: number): void {
      replaceCodes.run(agentId);
      insertCode.run(code, agentId, expiresAt, atMs);
    },
    /** A device code. */
    findCode(code: string): DeviceCodeRecord | undefined {
      const r = codeById.get(code);
      return r && { code: r.code, agentId: r.agent_id, status: r.status, expiresAt: r.expires_at, createdAt: r.created_at };
    },
    /** The agent's newest device code. */
    latestCode(agentId: string): DeviceCodeRecord | undefined {
      const r = latestCode.get(agentId);
      return r && { code: r.code, agentId: r.agent_id, status: r.status, expiresAt: r.expires_at, createdAt: r.created_at };
    },
    /** Marks an active code redeemed; false when it was not active (a concurrent redemption won). */
    redeemCode(code: string, atMs: number): boolean {
      return redeemCode.run(atMs, code).changes === 1;
    },

    /** Stores the hash of a new access token. */
    insertToken(hash: string, agentId: string, atMs: number): void {
      insertToken.run(hash, agentId, atMs);
    },
    /** Revokes every access token of the agent. */
    revokeTokens(agentId: string, atMs: number): void {
      revokeTokens.run(atMs, agentId);
    },
    /** The agent an access token hash belongs to, unless revoked. */
    agentOfToken(hash: string): string | undefined {
      return tokenAgent.get(hash)?.agent_id;
    },

    /** Records that an agent created a quote. */
    insertQuote(quoteId: string, agentId: string, transactionId: string, atMs: number): void {
      insertQuote.run(quoteId, agentId, transactionId, atMs);
    },
    /** The agent that created a quote, if an agent did. */
    agentOfQuote(quoteId: string): string | undefined {
      return quoteAgent.get(quoteId)?.agent_id;
    },

    /** Stores a new action. */
    insertAction(a: ActionRecord): void {
      insertAction.run({
        id: a.id, agent_id: a.agentId, customer_id: a.customerId, platform_customer_id: a.platformCustomerId, type: a.type, status: a.status,
        quote_id: a.quoteId, transaction_id: a.transactionId, request: a.request ? JSON.stringify(a.request) : null,
        approval_reasons: JSON.stringify(a.approvalReasons), created_at: a.createdAt, updated_at: a.updatedAt,
      });
    },
    /** One action. */
    findAction(id: string): ActionRecord | undefined {
      const r = actionById.get(id);
      return r && actionFromRow(r);
    },
    /** The live (not FAILED) action on a quote, if any. */
    actionOfQuote(quoteId: string): ActionRecord | undefined {
      const r = actionOfQuote.get(quoteId);
      return r && actionFromRow(r);
    },
    /** The action behind a transaction, if an agent's action made it. */
    actionOfTransaction(transactionId: string): ActionRecord | undefined {
      const r = actionOfTransaction.get(transactionId);
      return r && actionFromRow(r);
    },
    /** Moves an action to its final status. */
    finishAction(id: string, to: ActionRecord['status'], change: { transactionId?: string | null; rejectionReason?: string | null; failureReason?: string | null }, atMs: number): void {
      finishAction.run(to, change.transactionId ?? null, change.rejectionReason ?? null, change.failureReason ?? null, atMs, id);
    },
    /** The agent's actions waiting for approval. */
    pendingOf(agentId: string): ActionRecord[] {
      return pendingOfAgent.all(agentId).map(actionFromRow);
    },
    /** The agent's newest actions (its activity timeline). */
    recentOf(agentId: string, limit: number): ActionRecord[] {
      return actionsOfAgent.all(agentId, limit).map(actionFromRow);
    },
    /** A filtered page of actions. */
    listActions(f: ActionFilter): Page<ActionRecord> {
      const where: string[] = [];
      const params: unknown[] = [];
      const add = (sql: string, v: unknown) => { if (v !== undefined) (where.push(sql), params.push(v)); };
      add('agent_id = ?', f.agentId);
      add('customer_id = ?', f.customerId);
      add('status = ?', f.status);
      add('created_at >= ?', f.startMs);
      add('created_at <= ?', f.endMs);
      return selectPage<ActionRow, ActionRecord>(db, {
        select: 'SELECT * FROM agent_actions', from: 'FROM agent_actions', where, params, limit: f.limit, cursor: f.cursor,
        order: f.sortOrder, keyColumn: 'created_at', idColumn: 'id', map: actionFromRow, position: (r) => ({ k: r.created_at, id: r.id }),
      });
    },
  };
}
