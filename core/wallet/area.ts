import { mergeContracts } from '../api/contract';
import { defineArea } from '../area';
import { walletContract, walletRoutes } from './routes';
import { delegatedKeyContract, delegatedKeyRoutes } from './delegated-key-routes';
import { walletHandlers } from './console';

/** Embedded wallets and their delegated keys: their routes and console handlers. */
export const walletArea = defineArea({
  name: 'wallet',
  contract: mergeContracts(delegatedKeyContract, walletContract),
  routes: ({ services: s }) => [
    delegatedKeyRoutes(s.delegatedKeys),
    walletRoutes({ credentials: s.walletCredentials, signIn: s.walletSignIn, sessions: s.walletSessions, actions: s.walletActions }),
  ],
  handlers: ({ services: s }) => walletHandlers({ internal: s.internal, customers: s.customers, platform: s.platform, credentials: s.walletCredentials, sessions: s.walletSessions, hostOrigins: s.hostOrigins }),
});
