import { defineArea } from '../area';
import { tokenContract, tokenRoutes } from './routes';

/** API tokens: their routes. */
export const tokensArea = defineArea({
  name: 'tokens',
  contract: tokenContract,
  routes: ({ services: s }) => [tokenRoutes(s.tokens)],
});
