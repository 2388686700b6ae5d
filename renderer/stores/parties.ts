import { defineStore } from 'pinia';
import { computed, shallowRef } from 'vue';
import type { Transaction } from '../../core/transactions/schema';
import type { HandlerOutput } from '../../core/index';
import { invoke } from '../api/client';
import {
  customerFacts, externalAccountFacts, internalAccountFacts,
  type CustomerFacts, type ExternalAccountFacts, type InternalAccountFacts, type MoneyStoryContext,
} from '../lib/money-story';
import { useWorkspaceStore } from './workspace';

/** The ids a transaction names that the story may need facts about. */
type Named = Pick<Transaction, 'customerId'> & { destination?: Transaction['destination']; source?: Transaction['source'] };

interface Facts {
  customers: Record<string, CustomerFacts>;
  internalAccounts: Record<string, InternalAccountFacts>;
  externalAccounts: Record<string, ExternalAccountFacts>;
}

/**
 * The people and accounts transactions name (customers, their internal and external accounts, the
 * platform's accounts), gathered through the console handlers into the context `senderOf` and
 * `destinationOf` read. Shared by the drawer and the list; each customer and account is asked once.
 */
export const usePartiesStore = defineStore('parties', () => {
  const workspace = useWorkspaceStore();
  const facts = shallowRef<Facts>({ customers: {}, internalAccounts: {}, externalAccounts: {} });
  /** The context for `senderOf` / `destinationOf` / `ledgerAccountLabel`. */
  const context = computed<MoneyStoryContext>(() => ({ platformName: workspace.info?.name, ...facts.value }));
  const asked = new Map<string, Promise<void>>();

  function learn(part: Partial<HandlerOutput<'customers/get'>>): void {
    const next: Facts = { customers: { ...facts.value.customers }, internalAccounts: { ...facts.value.internalAccounts }, externalAccounts: { ...facts.value.externalAccounts } };
    if (part.customer) next.customers[part.customer.id] = customerFacts(part.customer);
    for (const a of part.internalAccounts ?? []) next.internalAccounts[a.id] = internalAccountFacts(a);
    for (const a of part.externalAccounts ?? []) next.externalAccounts[a.id] = externalAccountFacts(a);
    facts.value = next;
  }

  /** Runs a lookup once per key; a failed one may be tried again later (the facts are an enrichment, never required). */
  function once(key: string, load: () => Promise<void>): Promise<void> {
    const known = asked.get(key);
    if (known) return known;
    const p = load().catch(() => void asked.delete(key));
    asked.set(key, p);
    return p;
  }

  const platform = () => once('platform', async () => learn(await invoke('accounts/platform', {})));
  const customer = (id: string) => once(id, async () => learn(await invoke('customers/get', { id })));

  /** An account no loaded customer holds (a payment to another customer's account): the global search names its owner. */
  const owner = (accountId: string) => once(accountId, async () => {
    const hits = await invoke('search/query', { q: accountId, limit: 5 });
    const hit = hits.find((h) => h.id === accountId);
    // Read the owner again even if it was read before: the account may be newer than that read.
    if (hit?.customerId) learn(await invoke('customers/get', { id: hit.customerId }));
    else if (hit) learn(await invoke('accounts/platform', {}));
  });

  const known = (id: string) => id in facts.value.internalAccounts || id in facts.value.externalAccounts;

  /** Makes sure the context names the sender and the destination of these transactions. */
  async function ensure(transactions: readonly Named[]): Promise<void> {
    await platform();
    const customers = new Set<string>();
    for (const t of transactions) {
      if (t.customerId) customers.add(t.customerId);
      if (t.source?.sourceType === 'REALTIME_FUNDING' && t.source.customerId) customers.add(t.source.customerId);
    }
    await Promise.all([...customers].map(customer));
    const accounts = new Set<string>();
    for (const t of transactions) {
      if (t.source?.sourceType === 'ACCOUNT') accounts.add(t.source.accountId);
      if (t.destination?.destinationType === 'ACCOUNT') accounts.add(t.destination.accountId);
    }
    await Promise.all([...accounts].filter((id) => !known(id)).map(owner));
  }

  return { context, ensure };
});
