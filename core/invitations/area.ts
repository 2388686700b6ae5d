import { defineArea } from '../area';
import { invitationContract, invitationRoutes } from './routes';
import { invitationHandlers } from './console';

/** Invitations: their routes and console handlers. */
export const invitationsArea = defineArea({
  name: 'invitations',
  contract: invitationContract,
  routes: ({ services: s }) => [invitationRoutes(s.invitations)],
  handlers: ({ services: s }) => invitationHandlers(s.invitations, s.customers),
});
