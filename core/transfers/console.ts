import { z } from 'zod';
import { handler } from '../api/console-handler';
import type { InternalAccountService } from '../accounts/internal-service';
import type { ExternalAccountService } from '../accounts/external-service';
import { outcomeKey, TRANSFER_OUTCOMES } from '../payments/outcomes';
import { railsOf } from '../quotes/resolve';

/** Console handlers of the Transfers screen: which accounts can move money, and what the sandbox does with each. */
export function transferHandlers(internal: InternalAccountService, external: ExternalAccountService) {
  return {
    /**
     * Internal accounts with their balances, and external bank accounts with the transfer outcome their
     * identifier's last digits select, taken from the very table the sandbox runs (TRANSFER_OUTCOMES).
     */
    'transfers/options': handler(z.object({}), () => ({
      internalAccounts: internal.list({ owner: 'CUSTOMERS', limit: 100 }).data.concat(internal.list({ owner: 'PLATFORM', limit: 100 }).data)
        .filter((a) => a.status === 'ACTIVE')
        .map((a) => ({ accountId: a.id, customerId: a.customerId ?? null, currency: a.balance.currency.code, balance: a.balance, type: a.type })),
      externalAccounts: external.list('CUSTOMER', { limit: 100 }).data.concat(external.list('PLATFORM', { limit: 100 }).data).map((a) => {
        const identifier = external.identifierOf(a.id) ?? '';
        const key = outcomeKey(identifier, TRANSFER_OUTCOMES);
        const s = TRANSFER_OUTCOMES[key]!;
        const accountType = String(a.accountInfo['accountType']);
        return {
          accountId: a.id, customerId: a.customerId ?? null, currency: a.currency, accountType, identifier,
          // Only bank accounts can be pulled from (transfer-in); every account can be paid (transfer-out).
          canPull: accountType.endsWith('_ACCOUNT'), rails: railsOf(accountType, a.accountInfo, a.currency),
          scenario: s.name, scenarioDescription: s.description, steps: s.steps, immediateFailure: s.immediateFailure ?? null,
        };
      }),
      scenarios: Object.entries(TRANSFER_OUTCOMES).map(([suffix, s]) => ({ suffix, name: s.name, description: s.description, steps: s.steps, immediateFailure: s.immediateFailure ?? null })),
    })),
  };
}
