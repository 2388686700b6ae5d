import { defineArea } from '../area';
import { platformContract, platformRoutes } from './routes';

/** The platform's configuration: its routes. */
export const platformArea = defineArea({
  name: 'platform',
  contract: platformContract,
  routes: ({ services: s }) => [platformRoutes(s.platform)],
});
