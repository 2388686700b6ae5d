import { defineStore } from 'pinia';
import { shallowRef } from 'vue';
import type { Stablecoin, StablecoinOperation } from '../../core/stablecoins/schema';
import { api, invoke, onEvent, toConsoleError, type ConsoleError } from '../api/client';
import { useWorkspaceStore } from './workspace';

/** An account a mint or burn can name, with the words the screen shows for it. */
export interface AccountChoice {
  id: string;
  label: string;
}

/** The accounts mints and burns can name: dollar accounts (to pay with or hold coins for), bank accounts to pay out to, and Spark wallets. */
export interface AccountChoices {
  dollarAccounts: AccountChoice[];
  banks: AccountChoice[];
  wallets: AccountChoice[];
}

/** A mint as the screen asks for it; `paidWith` and `goesTo` are account ids or the words WIRE / PROVIDER_BALANCE. */
export interface MintForm {
  amount: string;
  paidWith: string;
  achDebit: boolean;
  goesTo: string;
  description: string;
}

/** A burn as the screen asks for it; `from` is an internal account id, or OUTSIDE_WALLET / PROVIDER_BALANCE. */
export interface BurnForm {
  amount: string;
  from: string;
  payTo: string;
  rail: NonNullable<NonNullable<StablecoinOperation['destination']>['rail']>;
  description: string;
}

/** Operation filters the list offers. */
export interface OperationFilter {
  operationType: 'MINT' | 'BURN' | null;
  status: StablecoinOperation['status'] | null;
}

const EMPTY: AccountChoices = { dollarAccounts: [], banks: [], wallets: [] };

/** The Stablecoins screen: provider links, registered coins with their supply, the chosen coin's mints and burns, and the accounts they can name. */
export const useStablecoinsStore = defineStore('stablecoins', () => {
  const workspace = useWorkspaceStore();
  const coins = shallowRef<Stablecoin[]>([]);
  const linked = shallowRef(0);
  const loaded = shallowRef(false);
  const error = shallowRef<ConsoleError | null>(null);
  const selected = shallowRef<string | null>(null);
  const operations = shallowRef<StablecoinOperation[]>([]);
  const filter = shallowRef<OperationFilter>({ operationType: null, status: null });
  const choices = shallowRef<AccountChoices>(EMPTY);
  /** The issuance status coins are listed by (null: all). */
  const issuance = shallowRef<Stablecoin['issuanceStatus'] | null>(null);
  /** Where the next page of operations starts, when there are older ones than those shown. */
  const olderCursor = shallowRef<string | null>(null);
  const names = new Map<string, string>();

  /** Loads links, coins and the account choices through the API, then the chosen coin's operations. */
  async function load(): Promise<void> {
    error.value = null;
    try {
      const [accounts, list] = await Promise.all([
        api('GET /stablecoin-provider-accounts', { query: { status: 'ACTIVE', limit: 100 } }), api('GET /stablecoins', { query: { limit: 100, ...(issuance.value ? { issuanceStatus: issuance.value } : {}) } }), loadChoices(),
      ]);
      linked.value = accounts.totalCount ?? accounts.data.length;
      coins.value = list.data;
      if (!selected.value && list.data[0]) selected.value = list.data[0].id;
      await loadOperations();
    } catch (err) {
      error.value = toConsoleError(err);
    } finally {
      loaded.value = true;
    }
  }

  /** Customers' and the platform's dollar accounts, dollar bank accounts and Spark wallets, named after their owners. */
  async function loadChoices(): Promise<void> {
    const [customers, internal, platform, banks, wallets, sandbox] = await Promise.all([
      api('GET /customers', { query: { limit: 100 } }),
      api('GET /customers/internal-accounts', { query: { currency: 'USD', limit: 100 } }),
      api('GET /platform/internal-accounts', { query: { currency: 'USD', limit: 100 } }),
      api('GET /customers/external-accounts', { query: { currency: 'USD', limit: 100 } }),
      api('GET /customers/external-accounts', { query: { currency: 'BTC', limit: 100 } }),
      // The sandbox's outcome per account (its number's suffix), from the core's own table: bank transfers to or from some accounts fail.
      invoke('transfers/options', {}),
    ]);
    const failing = new Set(sandbox.externalAccounts.filter((a) => a.scenario !== 'SUCCESS').map((a) => a.accountId));
    const owner = new Map<string, string>(customers.data.map((c) => [c.id, ('fullName' in c && c.fullName) || ('businessInfo' in c && c.businessInfo?.legalName) || c.platformCustomerId]));
    const whose = (customerId: string | undefined) => (customerId ? `${owner.get(customerId) ?? 'A customer'}’s` : 'The platform’s');
    const tail = (s: string | undefined) => (s ? ` ending ${s.slice(-4)}` : '');
    const next: AccountChoices = {
      dollarAccounts: [...platform.data, ...internal.data].filter((a) => a.status === 'ACTIVE')
        .map((a) => ({ id: a.id, label: `${whose(a.customerId)} US dollar account` })),
      // Accounts where the sandbox's bank transfers succeed come first, so the first choice is one that works.
      banks: banks.data.filter((a) => String(a.accountInfo.accountType).endsWith('_ACCOUNT'))
        .sort((a, b) => Number(failing.has(a.id)) - Number(failing.has(b.id)))
        .map((a) => ({ id: a.id, label: `${whose(a.customerId)} bank account${tail(String((a.accountInfo as Record<string, unknown>)['accountNumber'] ?? ''))}${failing.has(a.id) ? ' (sandbox: its transfers fail)' : ''}` })),
      wallets: wallets.data.filter((a) => a.accountInfo.accountType === 'SPARK_WALLET')
        .map((a) => ({ id: a.id, label: `${whose(a.customerId)} Spark wallet${tail(String((a.accountInfo as Record<string, unknown>)['address'] ?? ''))}` })),
    };
    for (const c of [...next.dollarAccounts, ...next.banks, ...next.wallets]) names.set(c.id, c.label);
    choices.value = next;
  }

  async function loadOperations(): Promise<void> {
    const id = selected.value;
    const { operationType, status } = filter.value;
    const query = { limit: 100, ...(operationType ? { operationType } : {}), ...(status ? { status } : {}) };
    const page = id ? await api('GET /stablecoins/{stablecoinId}/operations', { params: { stablecoinId: id }, query }) : null;
    operations.value = page?.data ?? [];
    olderCursor.value = page?.nextCursor ?? null;
  }

  /** Appends the next page of older operations. */
  async function older(): Promise<void> {
    const id = selected.value;
    if (!id || !olderCursor.value) return;
    const { operationType, status } = filter.value;
    const query = { limit: 100, cursor: olderCursor.value, ...(operationType ? { operationType } : {}), ...(status ? { status } : {}) };
    const page = await api('GET /stablecoins/{stablecoinId}/operations', { params: { stablecoinId: id }, query });
    operations.value = [...operations.value, ...page.data];
    olderCursor.value = page.nextCursor ?? null;
  }

  /** Lists coins of one issuance status (null: all). */
  async function setIssuance(next: Stablecoin['issuanceStatus'] | null): Promise<void> {
    issuance.value = next;
    await load();
  }

  /** The words for an account id ("Alice Martin’s US dollar account"), never the raw id. */
  function nameOf(id: string): string {
    return names.get(id) ?? (id.startsWith('ExternalAccount:') ? 'an external account' : id.startsWith('InternalAccount:') ? 'an internal account' : 'an account');
  }

  /** Links sandbox provider credentials (`POST /stablecoin-provider-accounts`). */
  async function link(): Promise<void> {
    await api('POST /stablecoin-provider-accounts', { body: { provider: 'BRALE', apiClientId: `console-${Date.now()}`, apiClientSecret: 'sandbox-secret' } });
    await load();
  }

  /** Registers a stablecoin on Spark (`POST /stablecoins`). */
  async function register(body: { providerTokenIdentifier: string; networkTokenIdentifier: string; name: string }): Promise<void> {
    const coin = await api('POST /stablecoins', { body: { ...body, network: 'SPARK' } });
    selected.value = coin.id;
    await load();
  }

  /** Mints (`POST /stablecoins/{id}/mints`) with the contract's body built from the form. */
  async function mint(f: MintForm, amount: string): Promise<void> {
    const id = selected.value;
    if (!id) return;
    const fundingSource = f.paidWith === 'WIRE' ? { type: 'WIRE' as const }
      : f.paidWith === 'PROVIDER_BALANCE' ? { type: 'PROVIDER_INTERNAL_BALANCE' as const, sourceTokenIdentifier: 'USDC' as const, cryptoNetwork: 'SOLANA' as const }
      : f.paidWith.startsWith('ExternalAccount:') ? { type: f.achDebit ? 'SAME_DAY_ACH_DEBIT' as const : 'ACH_DEBIT' as const, externalAccountId: f.paidWith }
      : { type: 'SVC_INTERNAL_ACCOUNT' as const, accountId: f.paidWith };
    const body = { amount, fundingSource, destination: { accountId: f.goesTo }, ...(f.description.trim() ? { description: f.description.trim() } : {}) };
    await api('POST /stablecoins/{stablecoinId}/mints', { params: { stablecoinId: id }, body });
    await load();
  }

  /** Burns (`POST /stablecoins/{id}/burns`) with the contract's body built from the form. */
  async function burn(f: BurnForm, amount: string): Promise<void> {
    const id = selected.value;
    if (!id) return;
    const source = f.from === 'OUTSIDE_WALLET' ? { type: 'EXTERNAL_ACCOUNT' as const }
      : f.from === 'PROVIDER_BALANCE' ? { type: 'PROVIDER_INTERNAL_BALANCE' as const }
      : { type: 'SVC_INTERNAL_ACCOUNT' as const, accountId: f.from };
    const body = { amount, source, destination: { type: 'EXTERNAL_ACCOUNT' as const, externalAccountId: f.payTo, rail: f.rail }, ...(f.description.trim() ? { description: f.description.trim() } : {}) };
    await api('POST /stablecoins/{stablecoinId}/burns', { params: { stablecoinId: id }, body });
    await load();
  }

  /** Chooses the coin whose operations are shown. */
  async function select(id: string): Promise<void> {
    selected.value = id;
    await loadOperations();
  }

  /** Filters the operations list. */
  async function setFilter(next: OperationFilter): Promise<void> {
    filter.value = next;
    await loadOperations();
  }

  /** Advances the workspace clock so operations move on, then reads again. */
  async function advance(seconds: number): Promise<void> {
    await workspace.advance(seconds);
    await load();
  }

  /** Reloads when a coin or an operation changes. */
  function follow(): () => void {
    return onEvent((e) => {
      if (e.type.startsWith('STABLECOIN')) void load();
    });
  }

  return { coins, linked, loaded, error, selected, operations, filter, choices, issuance, olderCursor, nameOf, load, older, setIssuance, link, register, mint, burn, select, setFilter, advance, follow };
});
