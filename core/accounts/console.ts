import { z } from 'zod';
import { handler } from '../api/console-handler';
import type { LedgerService } from '../ledger/service';
import type { InternalAccountService } from './internal-service';
import type { ExternalAccountService } from './external-service';

/** Console handlers for accounts: an internal account with its ledger, and the platform's own accounts. */
export function accountHandlers(internal: InternalAccountService, external: ExternalAccountService, ledger: LedgerService) {
  return {
    'accounts/ledger': handler(
      z.object({ accountId: z.string().min(1), limit: z.number().int().min(1).max(200).default(50), cursor: z.string().optional() }),
      ({ accountId, limit, cursor }) => {
        const account = internal.get(accountId);
        return { account, entries: ledger.entries(accountId, limit, cursor) };
      },
    ),
    'accounts/platform': handler(z.object({}), () => ({
      internalAccounts: internal.list({ owner: 'PLATFORM', limit: 100 }).data,
      externalAccounts: external.list('PLATFORM', { limit: 100 }).data,
    })),
    'accounts/trialBalance': handler(z.object({}), () => ledger.trialBalance()),
  };
}
