import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import type { HandlerOutput } from '../../core/index';
import type { Customer } from '../../core/customers/schema';
import type { InternalAccount } from '../../core/accounts/internal-service';
import { api, invoke, onEvent, toConsoleError, type ConsoleError } from '../api/client';
import { useWalletKeysStore } from './wallet-keys';

/** An embedded wallet as the picker lists it, with its credential and active-session counts. */
export type WalletSummary = HandlerOutput<'wallets/list'>[number];
/** One wallet with its credentials, active sessions and the relying party its passkeys bind. */
export type WalletDetail = HandlerOutput<'wallets/detail'>;
/** Currencies an embedded wallet can hold (`POST /sandbox/customers/{id}/embedded-wallet`). */
export const WALLET_CURRENCIES = ['USDC', 'BTC', 'USDT'] as const;
/** A currency an embedded wallet can hold. */
export type WalletCurrency = (typeof WALLET_CURRENCIES)[number];

/** Event families that change what the screen shows: credentials, sessions and the wallet accounts. */
const FOLLOWED = /^(SESSION|AUTH_METHOD|INTERNAL_ACCOUNT)\./;

/** The Wallet auth screen's data: the embedded wallets, the one picked, and the customers a wallet can be made for. */
export const useWalletAuthStore = defineStore('wallet-auth', () => {
  const keys = useWalletKeysStore();
  const wallets = shallowRef<WalletSummary[]>([]);
  const loaded = ref(false);
  const error = shallowRef<ConsoleError | null>(null);
  const selectedId = ref<string | null>(null);
  const detail = shallowRef<WalletDetail | null>(null);
  const detailError = shallowRef<ConsoleError | null>(null);
  const selected = computed(() => wallets.value.find((w) => w.account.id === selectedId.value) ?? null);

  /** Loads (or reloads) the embedded wallets. */
  async function load(): Promise<void> {
    error.value = null;
    try {
      wallets.value = await invoke('wallets/list', {});
      loaded.value = true;
    } catch (err) {
      error.value = toConsoleError(err);
    }
  }

  /** Reads the picked wallet again, and forgets held keys of sessions that are no longer active. */
  async function reloadDetail(): Promise<void> {
    const id = selectedId.value;
    if (!id) return;
    try {
      const d = await invoke('wallets/detail', { accountId: id });
      if (selectedId.value !== id) return;
      detail.value = d;
      detailError.value = null;
      keys.prune(id, new Set(d.sessions.map((s) => s.id)));
    } catch (err) {
      if (selectedId.value === id) detailError.value = toConsoleError(err);
    }
  }

  /** Picks a wallet (or none) and loads its credentials and sessions. */
  async function select(id: string | null): Promise<void> {
    if (id === selectedId.value && (detail.value || !id)) return;
    selectedId.value = id;
    detail.value = null;
    detailError.value = null;
    await reloadDetail();
  }

  /** Reloads both the list and the picked wallet. */
  async function refresh(): Promise<void> {
    await Promise.all([load(), reloadDetail()]);
  }

  const customers = shallowRef<Customer[]>([]);
  /** Loads the customers that can get a wallet: a wallet is born with EMAIL_OTP, so only those with an email. */
  async function loadCustomers(): Promise<void> {
    const page = await invoke('customers/list', { limit: 100 });
    customers.value = page.data.filter((c) => typeof c['email'] === 'string' && c['email'] !== '');
  }

  /** Creates an embedded wallet for a customer (`POST /sandbox/customers/{id}/embedded-wallet`) and picks it. */
  async function createWallet(customerId: string, currency: WalletCurrency): Promise<InternalAccount> {
    const account = await api('POST /sandbox/customers/{customerId}/embedded-wallet', { params: { customerId }, body: { currency } });
    await load();
    await select(account.id);
    return account;
  }

  let pending: ReturnType<typeof setTimeout> | undefined;
  /** Follows live events about credentials, sessions and accounts (expiry included); returns the unsubscribe. */
  function follow(): () => void {
    const stop = onEvent((event) => {
      if (!FOLLOWED.test(event.type) || pending) return;
      // Several events come from one action: read once after they settle.
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

  return { wallets, loaded, error, selectedId, selected, detail, detailError, load, reloadDetail, select, refresh, customers, loadCustomers, createWallet, follow };
});
