import { defineArea } from '../area';
import { webhookContract, webhookRoutes } from './routes';
import { webhookHandlers } from './console';

/** Webhooks: their routes and console handlers. */
export const webhooksArea = defineArea({
  name: 'webhooks',
  contract: webhookContract,
  routes: ({ services: s }) => [webhookRoutes(s.webhooks.deliveries)],
  handlers: ({ services: s }) => webhookHandlers(s.webhooks, () => s.platform.get().webhookEndpoint),
});
