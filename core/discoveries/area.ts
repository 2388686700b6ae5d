import { defineArea } from '../area';
import { discoveryContract, discoveryRoutes } from './routes';

/** Discoveries (payment rails and their fields): their routes. */
export const discoveriesArea = defineArea({
  name: 'discoveries',
  contract: discoveryContract,
  routes: () => [discoveryRoutes()],
});
