import type { Ctx } from '../context';
import type { PlatformService } from '../platform/service';
import type { CustomerService } from '../customers/service';
import type { InternalAccountService } from '../accounts/internal-service';
import type { ExternalAccountService } from '../accounts/external-service';
import type { TransactionService } from '../transactions/service';
import type { IncomingPaymentSimulator } from '../sandbox/incoming';
import { IncomingApprovals } from './approvals';
import type { DataSource } from './event-map';
import { WebhookService } from './service';
import { ListenForwarder } from './forwarder';

/** The areas whose resources webhooks carry, and whose payments they hold for approval. */
export interface WebhookCollaborators {
  platform: PlatformService;
  customers: CustomerService;
  internal: InternalAccountService;
  external: ExternalAccountService;
  transactions: TransactionService;
  incoming: IncomingPaymentSimulator;
  /** Verifications sit beside webhooks; only their reader is needed. */
  verifications: { get(id: string): unknown };
}

/** The webhooks area of a workspace. */
export interface WebhookAreas {
  deliveries: WebhookService;
  approvals: IncomingApprovals;
  /** The console's listen mode. */
  forwarder: ListenForwarder;
}

/** Builds the delivery queue and the incoming-payment approvals, and plugs them into the areas below (ports). */
export function createWebhookAreas(ctx: Ctx, c: WebhookCollaborators): WebhookAreas {
  const endpoint = () => c.platform.webhookEndpoint();
  const loaders: Record<Exclude<DataSource, 'payload' | 'none'>, (id: string) => unknown> = {
    Customer: (id) => c.customers.get(id),
    InternalAccount: (id) => c.internal.get(id),
    ExternalAccount: (id) => c.external.get(id),
    Transaction: (id) => c.transactions.get(id),
    Verification: (id) => c.verifications.get(id),
  };
  let approvals: IncomingApprovals | undefined;
  const deliveries = new WebhookService(ctx, {
    endpoint,
    load: (source, id) => loaders[source](id),
    onFinished: (d, a, r) => approvals?.onFinished(d, a, r),
  });
  approvals = new IncomingApprovals(ctx, deliveries.repo, endpoint, c.incoming);
  c.incoming.approvalGate = approvals;
  c.platform.webhooks = deliveries;
  return { deliveries, approvals, forwarder: new ListenForwarder(deliveries) };
}
