import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import type { ApiResponse, HandlerOutput } from '../../core/index';
import type { ApiBody } from '../../core/api-client-types';
import type { z } from 'zod';
import type { Agent, AgentAction, createAgentSchema, updatePolicySchema } from '../../core/agents/schema';
import type { Customer } from '../../core/customers/schema';
import { api, apiExchange, apiRequest, invoke, onEvent, toConsoleError, type ConsoleError } from '../api/client';
import type { CurrencyLike } from '../lib/money';
import { customerName as nameOf } from '../lib/customer';
import { actionAsTransaction } from '../lib/agent-actions';
import { usePartiesStore } from './parties';

/** One agent's detail: the agent, its customer's name, its newest device code and its activity. */
export type AgentDetail = HandlerOutput<'agents/detail'>;
/** The policy patch the editor sends (`PATCH /agents/{agentId}/policy`). */
export type PolicyPatch = z.input<typeof updatePolicySchema>;
/** A new agent as `POST /agents` takes it. */
export type NewAgent = z.input<typeof createAgentSchema>;
/** What `POST /agents` answers: the agent and its first device code. */
export type CreatedAgent = { agent: Agent; deviceCode: { code: string; expiresAt: string } };

const FOLLOWED = /^(AGENT|AGENT_ACTION)\./;

/** The Agents screen's data: agents, the approvals queue, the picked agent and the console's token to act as it. */
export const useAgentsStore = defineStore('agents', () => {
  const agents = shallowRef<Agent[]>([]);
  const approvals = shallowRef<AgentAction[]>([]);
  const customers = shallowRef<Map<string, string>>(new Map());
  const currencies = shallowRef<Map<string, CurrencyLike>>(new Map());
  const loaded = ref(false);
  const error = shallowRef<ConsoleError | null>(null);
  const selectedId = ref<string | null>(null);
  const detail = shallowRef<AgentDetail | null>(null);
  /** Access tokens the console holds to act as agents (memory only, this page's life). */
  const tokens = ref<Record<string, string>>({});
  const selected = computed(() => agents.value.find((a) => a.id === selectedId.value) ?? null);
  /** The rail each waiting action would pay over (agents/routes), by action id. */
  const rails = shallowRef<Record<string, string | null>>({});
  const parties = usePartiesStore();

  /** The currency with its decimals (USD-like fallback for an unknown code). */
  function currencyOf(code: string): CurrencyLike {
    return currencies.value.get(code) ?? { code, decimals: 2 };
  }

  /** A customer's name, or its id when unknown. */
  function customerName(id: string): string {
    return customers.value.get(id) ?? id;
  }

  /** The name of an agent by id (the queue shows names, not ids). */
  function agentName(id: string): string {
    return agents.value.find((a) => a.id === id)?.name ?? id;
  }

  /** Loads agents, the approvals queue, customer names and currencies. */
  async function load(): Promise<void> {
    error.value = null;
    try {
      const [list, queue, people, money] = await Promise.all([
        api('GET /agents', { query: { limit: 100 } }),
        api('GET /agents/approvals', { query: { limit: 100 } }),
        invoke('customers/list', { limit: 100 }),
        currencies.value.size ? Promise.resolve(null) : invoke('agents/currencies', {}),
      ]);
      agents.value = list.data;
      approvals.value = queue.data;
      customers.value = new Map(people.data.map((c: Customer) => [c.id, nameOf(c)]));
      if (money) currencies.value = new Map(money.map((c) => [c.code, c]));
      loaded.value = true;
      void describeApprovals(queue.data);
    } catch (err) {
      error.value = toConsoleError(err);
    }
  }

  /** Learns the rails and the parties of the waiting actions, so the queue names who pays whom (an enrichment: failures leave ids out, never the queue). */
  async function describeApprovals(queue: AgentAction[]): Promise<void> {
    if (!queue.length) return;
    const routes = await invoke('agents/routes', { actionIds: queue.map((a) => a.id) }).catch(() => null);
    if (routes) rails.value = Object.fromEntries(Object.entries(routes).map(([id, r]) => [id, r.paymentRail]));
    const txs = queue.map((a) => actionAsTransaction(a, currencyOf, rails.value[a.id])).filter((t) => t !== null);
    await parties.ensure(txs).catch(() => undefined);
  }

  /** Creates an agent (`POST /agents`); the answer carries its first device code. */
  async function create(body: NewAgent): Promise<CreatedAgent> {
    const r = await api('POST /agents', { body });
    await refresh();
    return r;
  }

  /** Renames an agent. */
  async function rename(agentId: string, name: string): Promise<void> {
    await api('PATCH /agents/{agentId}', { params: { agentId }, body: { name } });
    await refresh();
  }

  /** Deletes an agent: its token stops working and its waiting actions are rejected. */
  async function remove(agentId: string): Promise<void> {
    await api('DELETE /agents/{agentId}', { params: { agentId } });
    if (selectedId.value === agentId) {
      selectedId.value = null;
      detail.value = null;
    }
    await load();
  }

  /** Reads the picked agent's detail again. */
  async function reloadDetail(): Promise<void> {
    const id = selectedId.value;
    if (!id) return;
    const d = await invoke('agents/detail', { agentId: id });
    if (selectedId.value === id) detail.value = d;
  }

  /** Picks an agent (or none). */
  async function select(id: string | null): Promise<void> {
    if (id === selectedId.value && (detail.value || !id)) return;
    selectedId.value = id;
    detail.value = null;
    await reloadDetail();
  }

  /** Approves a waiting action (`POST /agents/{agentId}/actions/{actionId}/approve`); the answer says APPROVED or FAILED. */
  async function approve(action: AgentAction): Promise<AgentAction> {
    const r = await api('POST /agents/{agentId}/actions/{actionId}/approve', { params: { agentId: action.agentId, actionId: action.id } });
    await refresh();
    return r;
  }

  /** Rejects a waiting action. */
  async function reject(action: AgentAction, reason?: string): Promise<AgentAction> {
    const r = await api('POST /agents/{agentId}/actions/{actionId}/reject', { params: { agentId: action.agentId, actionId: action.id }, body: reason ? { reason } : {} });
    await refresh();
    return r;
  }

  /** Pauses or resumes the picked agent. */
  async function setPaused(agentId: string, isPaused: boolean): Promise<void> {
    await api('PATCH /agents/{agentId}', { params: { agentId }, body: { isPaused } });
    await refresh();
  }

  /** Saves a policy change. */
  async function savePolicy(agentId: string, patch: PolicyPatch): Promise<void> {
    await api('PATCH /agents/{agentId}/policy', { params: { agentId }, body: patch });
    await refresh();
  }

  /** Issues a new device code (409 while the agent is connected). */
  async function issueCode(agentId: string): Promise<void> {
    await api('POST /agents/{agentId}/device-codes', { params: { agentId } });
    await refresh();
  }

  /** Connects the console as the agent and keeps its token in memory. */
  async function connectConsole(agentId: string): Promise<string> {
    const r = await invoke('agents/reconnect', { agentId });
    tokens.value = { ...tokens.value, [agentId]: r.accessToken };
    await refresh();
    return r.accessToken;
  }

  /** A customer's internal and external accounts (the API's lists), to pick what the agent pays from and to. */
  async function accountsOf(customerId: string) {
    const [internal, external] = await Promise.all([
      api('GET /customers/internal-accounts', { query: { customerId, limit: 100 } }),
      api('GET /customers/external-accounts', { query: { customerId, limit: 100 } }),
    ]);
    return { internal: internal.data, external: external.data };
  }

  // Acting as the agent: its own bearer token, so its policy decides; the whole exchange comes back, a refusal too.
  const asAgent = (agentId: string) => ({ Authorization: `Bearer ${tokens.value[agentId] ?? ''}` });

  /** Creates a quote as the agent (`POST /agents/me/quotes` with the token the console holds for it). */
  function quoteAsAgent(agentId: string, body: ApiBody<'POST /agents/me/quotes'>): Promise<ApiResponse> {
    return apiExchange(apiRequest('POST /agents/me/quotes', { body, headers: asAgent(agentId) }));
  }

  /** Executes a quote as the agent (`POST /agents/me/quotes/{quoteId}/execute`): executed, waiting for approval, or refused. */
  function executeAsAgent(agentId: string, quoteId: string): Promise<ApiResponse> {
    return apiExchange(apiRequest('POST /agents/me/quotes/{quoteId}/execute', { params: { quoteId }, headers: asAgent(agentId) }));
  }

  /** Reloads the lists and the picked agent. */
  async function refresh(): Promise<void> {
    await Promise.all([load(), reloadDetail().catch(() => undefined)]);
  }

  let pending: ReturnType<typeof setTimeout> | undefined;
  /** Follows agent and agent-action events (and transactions, for usage); returns the unsubscribe. */
  function follow(): () => void {
    const stop = onEvent((event) => {
      if (!FOLLOWED.test(event.type) || pending) return;
      pending = setTimeout(() => {
        pending = undefined;
        void refresh();
      }, 150);
    });
    return () => {
      stop();
      if (pending) (clearTimeout(pending), (pending = undefined));
    };
  }

  return {
    agents, approvals, loaded, error, selectedId, selected, detail, tokens, rails, customers,
    currencyOf, customerName, agentName, load, create, rename, remove, reloadDetail, select, approve, reject, setPaused, savePolicy, issueCode, connectConsole, accountsOf, quoteAsAgent, executeAsAgent, refresh, follow,
  };
});
