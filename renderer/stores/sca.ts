import { defineStore } from 'pinia';
import { shallowRef } from 'vue';
import type { HandlerOutput } from '../../core/index';
import { invoke, onEvent, toConsoleError, type ConsoleError } from '../api/client';

/** A customer's SCA as support staff see it: factors, lockout, trusted beneficiaries. */
export type ScaOverview = HandlerOutput<'sca/customer'>;

/** Strong Customer Authentication as the console shows it in the customer drawer. */
export const useScaStore = defineStore('sca', () => {
  /** The SCA of the customer last loaded (only the current one is kept). */
  const overview = shallowRef<{ customerId: string; value: ScaOverview } | null>(null);
  const error = shallowRef<ConsoleError | null>(null);

  /** Loads a customer's factors, lockout and trusted beneficiaries (`sca/customer`). */
  async function load(customerId: string): Promise<void> {
    error.value = null;
    try {
      overview.value = { customerId, value: await invoke('sca/customer', { customerId }) };
    } catch (err) {
      error.value = toConsoleError(err);
    }
  }

  /** Reloads the shown customer on any SCA event about them (factors, logins, resets, trust); returns the unsubscribe. */
  function watch(): () => void {
    return onEvent((event) => {
      const shown = overview.value?.customerId;
      const payload = event.payload as { customerId?: unknown } | null;
      if (shown && event.type.startsWith('SCA.') && (event.resourceId === shown || payload?.customerId === shown)) void load(shown);
    });
  }

  return { overview, error, load, watch };
});
