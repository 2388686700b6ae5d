import { defineStore } from 'pinia';
import { shallowRef } from 'vue';
import type { Stablecoin, StablecoinOperation } from '../../core/stablecoins/schema';
import { api, onEvent, toConsoleError, type ConsoleError } from '../api/client';
import { useWorkspaceStore } from './workspace';

/** The Stablecoins screen: provider links, registered coins with their supply, and the chosen coin's mints and burns. */
export const useStablecoinsStore = defineStore('stablecoins', () => {
  const workspace = useWorkspaceStore();
  const coins = shallowRef<Stablecoin[]>([]);
  const linked = shallowRef(0);
  const loaded = shallowRef(false);
  const error = shallowRef<ConsoleError | null>(null);
  const selected = shallowRef<string | null>(null);
  const operations = shallowRef<StablecoinOperation[]>([]);

  /** Loads links and coins through the API (`GET /stablecoin-provider-accounts`, `GET /stablecoins`), then the chosen coin's operations. */
  async function load(): Promise<void> {
    error.value = null;
    try {
      const [accounts, list] = await Promise.all([
        api('GET /stablecoin-provider-accounts', { query: { status: 'ACTIVE', limit: 100 } }), api('GET /stablecoins', { query: { limit: 100 } }),
      ]);
      linked.value = accounts.totalCount;
      coins.value = list.data;
      if (!selected.value && list.data[0]) selected.value = list.data[0].id;
      await loadOperations();
    } catch (err) {
      error.value = toConsoleError(err);
    } finally {
      loaded.value = true;
    }
  }

  async function loadOperations(): Promise<void> {
    const id = selected.value;
    operations.value = id ? (await api('GET /stablecoins/{stablecoinId}/operations', { params: { stablecoinId: id }, query: { limit: 100 } })).data : [];
  }

  /** Links sandbox provider credentials (`POST /stablecoin-provider-accounts`). */
  async function link(): Promise<void> {
    await api('POST /stablecoin-provider-accounts', { body: { provider: 'BRALE', apiClientId: `console-${Date.now()}`, apiClientSecret: 'sandbox-secret' } });
    await load();
  }

  /** Registers a stablecoin (`POST /stablecoins`). */
  async function register(body: { symbol: string; name: string; network: Stablecoin['network'] }): Promise<void> {
    const coin = await api('POST /stablecoins', { body });
    selected.value = coin.id;
    await load();
  }

  /** Mints or burns (`POST /stablecoins/{id}/mints|burns`). */
  async function operate(type: 'MINT' | 'BURN', amount: number): Promise<void> {
    const id = selected.value;
    if (!id) return;
    if (type === 'MINT') await api('POST /stablecoins/{stablecoinId}/mints', { params: { stablecoinId: id }, body: { amount } });
    else await api('POST /stablecoins/{stablecoinId}/burns', { params: { stablecoinId: id }, body: { amount } });
    await load();
  }

  /** Chooses the coin whose operations are shown. */
  async function select(id: string): Promise<void> {
    selected.value = id;
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

  return { coins, linked, loaded, error, selected, operations, load, link, register, operate, select, advance, follow };
});
