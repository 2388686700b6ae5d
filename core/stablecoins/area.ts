import { defineArea } from '../area';
import { stablecoinContract, stablecoinRoutes } from './routes';

/** Stablecoins: their routes. */
export const stablecoinsArea = defineArea({
  name: 'stablecoins',
  contract: stablecoinContract,
  routes: ({ services: s }) => [stablecoinRoutes(s.stablecoins)],
});
