import { z } from 'zod';
import { handler } from '../api/console-handler';
import type { InternalAccountService } from '../accounts/internal-service';
import type { CustomerService } from '../customers/service';
import type { PlatformService } from '../platform/service';
import type { CredentialService } from './credential-service';
import type { SessionService } from './sessions';

/** What the wallet console reads: the accounts, customers and platform areas, and the wallet's own services. */
export interface WalletConsoleDeps {
  internal: InternalAccountService;
  customers: CustomerService;
  platform: PlatformService;
  credentials: CredentialService;
  sessions: SessionService;
  hostOrigins: string[];
}

/** Console handlers of the wallet-auth rehearsal: the embedded wallets, and one with its credentials and sessions. */
export function walletHandlers(d: WalletConsoleDeps) {
  return {
    'wallets/list': handler(z.object({}), () => {
      const wallets = d.internal.embeddedWallets(200);
      // One read for every owner's name and email, instead of one per wallet.
      const owners = d.customers.summaries([...new Set(wallets.flatMap((w) => (w.customerId ? [w.customerId] : [])))]);
      return wallets.flatMap((account) => {
        const owner = account.customerId ? owners.get(account.customerId) : undefined;
        return owner ? [{
          account, customerName: owner.name, email: owner.email,
          credentials: d.credentials.list(account.id).data.length, activeSessions: d.sessions.list(account.id).length,
        }] : [];
      });
    }),
    'wallets/detail': handler(z.object({ accountId: z.string().min(1) }), ({ accountId }) => {
      const wallet = d.sessions.wallet(accountId);
      const rp = d.platform.get().passkeys;
      return {
        account: d.internal.get(accountId),
        customerId: wallet.customerId,
        credentials: d.credentials.list(accountId).data,
        sessions: d.sessions.list(accountId),
        relyingParty: { rpId: rp.rpId, origins: [...new Set([...rp.origins, ...d.hostOrigins])] },
      };
    }),
  };
}
