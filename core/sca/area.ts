import { defineArea } from '../area';
import { scaContract, scaRoutes } from './routes';
import { scaHandlers } from './console';

/** Strong Customer Authentication: its routes and console handlers. */
export const scaArea = defineArea({
  name: 'sca',
  contract: scaContract,
  routes: ({ services: s }) => [scaRoutes(s.sca)],
  handlers: ({ services: s }) => scaHandlers(s.sca.sca),
});
