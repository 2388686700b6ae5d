import { defineArea } from '../area';
import { rateContract, rateRoutes } from './routes';

/** Exchange rates: their routes. */
export const ratesArea = defineArea({
  name: 'rates',
  contract: rateContract,
  routes: ({ services: s }) => [rateRoutes(s.rates)],
});
