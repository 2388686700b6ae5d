import { mergeContracts } from '../api/contract';
import { defineArea } from '../area';
import { agentContract, agentRoutes } from './routes';
import { agentMeContract, agentMeRoutes } from './me-routes';
import { agentHandlers } from './console';

/** Agents and what an agent does as itself (/agents/me): their routes (in the order core/areas.ts explains) and console handlers. */
export const agentsArea = defineArea({
  name: 'agents',
  contract: mergeContracts(agentMeContract, agentContract),
  routes: ({ services: s }) => [agentMeRoutes(s.agentOperations), agentRoutes(s.agents, s.agentActions)],
  handlers: ({ services: s }) => agentHandlers(s.ctx, s.agents, s.agentActions, (id) => s.customers.summaries([id]).get(id)?.name, (id) => s.external.get(id)),
});
