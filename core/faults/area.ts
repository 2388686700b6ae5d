import { defineArea } from '../area';
import { faultRuleContract, faultRuleRoutes } from './routes';
import { faultRules } from './middleware';

/** Fault rules: their routes, and the interceptor that applies them to every call. */
export const faultsArea = defineArea({
  name: 'faults',
  contract: faultRuleContract,
  routes: ({ services: s }) => [faultRuleRoutes(s.ctx)],
  interceptors: ({ services: s }) => [(respond) => faultRules(s.ctx, respond)],
});
