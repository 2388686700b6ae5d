import { defineStore } from 'pinia';
import { reactive, shallowRef } from 'vue';
import type { DomainEvent } from '../../core/index';
import type { Customer } from '../../core/customers/schema';
import type { HandlerOutput } from '../../core/console/handlers';
import type { Transaction } from '../../core/transactions/schema';
import { api, invoke, onEvent, toConsoleError, type ConsoleError } from '../api/client';
import { useWorkspaceStore } from './workspace';

/** What `transfers/options` answers: internal accounts, external accounts with their sandbox outcome. */
export type TransferOptions = HandlerOutput<'transfers/options'>;
/** Which way the money goes: out to the external account, or in from it. */
export type TransferDirection = 'OUT' | 'IN';

/** The form as last filled, kept while the user looks elsewhere. */
export interface TransferDraft {
  direction: TransferDirection;
  internal: string | null;
  external: string | null;
  amount: string;
  description: string;
}

/** The transfer workbench: accounts, the transfer just made, and its events as they happen. */
export const useTransfersStore = defineStore('transfers', () => {
  const workspace = useWorkspaceStore();
  const options = shallowRef<TransferOptions | null>(null);
  const customers = shallowRef(new Map<string, Customer>());
  const optionsError = shallowRef<ConsoleError | null>(null);
  const draft = reactive<TransferDraft>({ direction: 'OUT', internal: null, external: null, amount: '', description: '' });
  const transaction = shallowRef<Transaction | null>(null);
  const timeline = shallowRef<DomainEvent[]>([]);

  /** Loads accounts and their owners (balances change with every transfer, so this runs again after each). */
  async function loadOptions(): Promise<void> {
    optionsError.value = null;
    try {
      const [o, people] = await Promise.all([invoke('transfers/options', {}), invoke('customers/list', { limit: 100 })]);
      customers.value = new Map(people.data.map((c) => [c.id, c]));
      options.value = o;
    } catch (err) {
      optionsError.value = toConsoleError(err);
    }
  }

  /** Shows a version of the transfer unless a newer one is already shown (events may arrive late). */
  function show(next: Transaction): void {
    const current = transaction.value;
    if (current && current.id === next.id && Date.parse(String(current['updatedAt'])) > Date.parse(String(next['updatedAt']))) return;
    transaction.value = next;
  }

  function receive(event: DomainEvent): void {
    const t = transaction.value;
    if (!t || event.resourceId !== t.id || timeline.value.some((e) => e.id === event.id)) return;
    timeline.value = [...timeline.value, event].sort((a, b) => a.seq - b.seq);
    if (event.resourceType === 'Transaction') show(event.payload as Transaction);
  }

  /** Subscribes to the live stream; returns the unsubscribe function. */
  function follow(): () => void {
    return onEvent(receive);
  }

  /** Reads every event about the transfer so far (those committed before the answer arrived included). */
  async function resync(): Promise<void> {
    const t = transaction.value;
    if (!t) return;
    const page = await invoke('events/list', { resourceId: t.id, order: 'asc', limit: 200 });
    for (const e of page.data) receive(e);
  }

  /** Moves the money: `POST /transfer-out` or `POST /transfer-in`, through the local API like an integrator. */
  async function create(direction: TransferDirection, internalId: string, externalId: string, amount: number, description?: string): Promise<Transaction> {
    const extra = description ? { description } : {};
    const created = direction === 'OUT'
      ? await api('POST /transfer-out', { body: { source: { accountId: internalId }, destination: { accountId: externalId }, amount, ...extra } })
      : await api('POST /transfer-in', { body: { source: { accountId: externalId }, destination: { accountId: internalId }, amount, ...extra } });
    transaction.value = created;
    timeline.value = [];
    await Promise.all([resync(), loadOptions()]);
    return created;
  }

  /** Reads the transfer again (`GET /transactions/{id}`). */
  async function refresh(): Promise<void> {
    const t = transaction.value;
    if (!t) return;
    const read = await api('GET /transactions/{transactionId}', { params: { transactionId: t.id } });
    if (read.type !== 'CARD') show(read as Transaction);
  }

  /** Advances the workspace clock (running the jobs that fall due), then reads the transfer and balances again. */
  async function advance(seconds: number): Promise<number> {
    const report = await workspace.advance(seconds);
    await Promise.all([refresh(), loadOptions()]);
    return report.jobsRun ?? 0;
  }

  /** Forgets the current transfer (to start another). */
  function clear(): void {
    transaction.value = null;
    timeline.value = [];
  }

  return { options, customers, optionsError, draft, transaction, timeline, loadOptions, follow, create, refresh, resync, advance, clear };
});
