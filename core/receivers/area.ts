import { defineArea } from '../area';
import { receiverContract, receiverRoutes } from './routes';

/** Receiver lookups: their routes. */
export const receiversArea = defineArea({
  name: 'receivers',
  contract: receiverContract,
  routes: ({ services: s }) => [receiverRoutes(s.receivers)],
});
