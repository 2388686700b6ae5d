import { defineArea } from '../area';
import { verificationContract, verificationRoutes } from './routes';
import { verificationHandlers } from './console';

/** KYB verifications, beneficial owners, KYC links and contact verification: their routes and console handlers. */
export const verificationsArea = defineArea({
  name: 'verifications',
  contract: verificationContract,
  routes: ({ services: s }) => [verificationRoutes(s.verifications)],
  handlers: ({ services: s }) => verificationHandlers(s.verifications),
});
