import { z } from 'zod';
import type { Ctx } from '../context';
import { handler } from '../console/registry';
import type { InternalAccountService } from '../accounts/internal-service';
import type { InternalAccountRow } from '../accounts/internal-repo';
import type { PlatformService } from '../platform/service';
import type { CredentialService } from './credentials';
import type { SessionService } from './sessions';

/** Console handlers of the wallet-auth rehearsal: the embedded wallets, and one with its credentials and sessions. */
export function walletHandlers(ctx: Ctx, internal: InternalAccountService, credentials: CredentialService, sessions: SessionService, platform: PlatformService, hostOrigins: string[]) {
  return {
    'wallets/list': handler(z.object({}), () => {
      const rows = ctx.db.prepare(`SELECT a.*, c.display_name, c.email FROM internal_accounts a JOIN customers c ON c.id = a.customer_id
                                   WHERE a.type = 'EMBEDDED_WALLET' ORDER BY a.created_at DESC, a.id DESC LIMIT 200`).all() as (InternalAccountRow & { display_name: string; email: string | null })[];
      return rows.map((r) => ({
        account: internal.toResource(r), customerName: r.display_name, email: r.email,
        credentials: credentials.list(r.id).data.length, activeSessions: sessions.list(r.id).length,
      }));
    }),
    'wallets/detail': handler(z.object({ accountId: z.string().min(1) }), ({ accountId }) => {
      const wallet = sessions.wallet(accountId);
      const rp = platform.get().passkeys;
      return {
        account: internal.toResource(wallet),
        customerId: wallet.customer_id,
        credentials: credentials.list(accountId).data,
        sessions: sessions.list(accountId),
        relyingParty: { rpId: rp.rpId, origins: [...new Set([...rp.origins, ...hostOrigins])] },
      };
    }),
  };
}
