import type { DomainEvent } from '../kernel/events';

/** Every webhook type upstream defines (upstream-facts section 4). */
export const WEBHOOK_TYPES = [
  'OUTGOING_PAYMENT.PENDING', 'OUTGOING_PAYMENT.PENDING_AUTHORIZATION', 'OUTGOING_PAYMENT.PROCESSING', 'OUTGOING_PAYMENT.COMPLETED',
  'OUTGOING_PAYMENT.FAILED', 'OUTGOING_PAYMENT.EXPIRED', 'OUTGOING_PAYMENT.REFUND_PENDING', 'OUTGOING_PAYMENT.REFUND_COMPLETED',
  'OUTGOING_PAYMENT.REFUND_FAILED',
  'INCOMING_PAYMENT.PENDING', 'INCOMING_PAYMENT.COMPLETED', 'INCOMING_PAYMENT.FAILED', 'INCOMING_PAYMENT.REFUND_PENDING',
  'INCOMING_PAYMENT.REFUND_COMPLETED', 'INCOMING_PAYMENT.REFUND_FAILED',
  'CUSTOMER.KYC_APPROVED', 'CUSTOMER.KYC_REJECTED', 'CUSTOMER.KYC_PENDING', 'CUSTOMER.KYB_APPROVED', 'CUSTOMER.KYB_REJECTED', 'CUSTOMER.KYB_PENDING',
  'VERIFICATION.APPROVED', 'VERIFICATION.REJECTED', 'VERIFICATION.RESOLVE_ERRORS', 'VERIFICATION.IN_PROGRESS',
  'VERIFICATION.PENDING_MANUAL_REVIEW', 'VERIFICATION.READY_FOR_VERIFICATION',
  'EXTERNAL_ACCOUNT.STATUS_UPDATED',
  'INTERNAL_ACCOUNT.BALANCE_UPDATED', 'INTERNAL_ACCOUNT.STATUS_UPDATED', 'INTERNAL_ACCOUNT.FUNDING_INSTRUCTIONS_UPDATED',
  'INVITATION.CLAIMED', 'BULK_UPLOAD.COMPLETED', 'BULK_UPLOAD.FAILED', 'AGENT_ACTION.PENDING_APPROVAL',
  'CARD.STATE_CHANGE', 'CARD.FUNDING_SOURCE_CHANGE',
  'CARD_TRANSACTION.AUTHORIZED', 'CARD_TRANSACTION.PARTIALLY_SETTLED', 'CARD_TRANSACTION.SETTLED', 'CARD_TRANSACTION.REFUNDED',
  'CARD_TRANSACTION.EXCEPTION',
  'TEST',
] as const;
/** A webhook type. */
export type WebhookType = (typeof WEBHOOK_TYPES)[number];

/**
 * Where a webhook's `data` comes from: the domain event's own payload (when it already is the full
 * resource), or the resource as it stands, read by the kind of resource it is.
 */
export type DataSource = 'payload' | 'Customer' | 'InternalAccount' | 'ExternalAccount' | 'Transaction' | 'Verification' | 'none';

/** How one domain event becomes a webhook. */
export interface EventMapping {
  type: WebhookType;
  data: DataSource;
  /** Only events this accepts become webhooks (for example a configuration change that set the endpoint). */
  when?: (event: DomainEvent) => boolean;
}

const from = (type: WebhookType, data: DataSource = 'payload', when?: EventMapping['when']): EventMapping => ({ type, data, ...(when ? { when } : {}) });
const endpointSet = (e: DomainEvent) => ((e.payload as { changed?: string[] }).changed ?? []).includes('webhookEndpoint');

/**
 * The one table from committed domain events (core/kernel/events.ts) to upstream webhook types. A
 * new area's event becomes a webhook by adding one line here. Events not listed are not delivered
 * (they are this service's own bookkeeping, such as QUOTE.CREATED or SESSION.CREATED).
 */
export const EVENT_MAP: Record<string, EventMapping> = {
  'OUTGOING_PAYMENT.PENDING': from('OUTGOING_PAYMENT.PENDING'),
  'OUTGOING_PAYMENT.PENDING_AUTHORIZATION': from('OUTGOING_PAYMENT.PENDING_AUTHORIZATION'),
  'OUTGOING_PAYMENT.PROCESSING': from('OUTGOING_PAYMENT.PROCESSING'),
  'OUTGOING_PAYMENT.COMPLETED': from('OUTGOING_PAYMENT.COMPLETED'),
  'OUTGOING_PAYMENT.FAILED': from('OUTGOING_PAYMENT.FAILED'),
  // Upstream has no REJECTED webhook: a payment the counterparty rejected is reported as FAILED.
  'OUTGOING_PAYMENT.REJECTED': from('OUTGOING_PAYMENT.FAILED'),
  'OUTGOING_PAYMENT.EXPIRED': from('OUTGOING_PAYMENT.EXPIRED'),
  'OUTGOING_PAYMENT.REFUND_PENDING': from('OUTGOING_PAYMENT.REFUND_PENDING'),
  'OUTGOING_PAYMENT.REFUND_COMPLETED': from('OUTGOING_PAYMENT.REFUND_COMPLETED'),
  'OUTGOING_PAYMENT.REFUND_FAILED': from('OUTGOING_PAYMENT.REFUND_FAILED'),
  'INCOMING_PAYMENT.PENDING': from('INCOMING_PAYMENT.PENDING'),
  'INCOMING_PAYMENT.COMPLETED': from('INCOMING_PAYMENT.COMPLETED'),
  'INCOMING_PAYMENT.FAILED': from('INCOMING_PAYMENT.FAILED'),
  'INCOMING_PAYMENT.REJECTED': from('INCOMING_PAYMENT.FAILED'),
  'INCOMING_PAYMENT.REFUND_PENDING': from('INCOMING_PAYMENT.REFUND_PENDING'),
  'INCOMING_PAYMENT.REFUND_COMPLETED': from('INCOMING_PAYMENT.REFUND_COMPLETED'),
  'INCOMING_PAYMENT.REFUND_FAILED': from('INCOMING_PAYMENT.REFUND_FAILED'),
  'CUSTOMER.KYC_APPROVED': from('CUSTOMER.KYC_APPROVED', 'Customer'),
  'CUSTOMER.KYC_REJECTED': from('CUSTOMER.KYC_REJECTED', 'Customer'),
  'CUSTOMER.KYC_PENDING': from('CUSTOMER.KYC_PENDING', 'Customer'),
  'CUSTOMER.KYB_APPROVED': from('CUSTOMER.KYB_APPROVED', 'Customer'),
  'CUSTOMER.KYB_REJECTED': from('CUSTOMER.KYB_REJECTED', 'Customer'),
  'CUSTOMER.KYB_PENDING': from('CUSTOMER.KYB_PENDING', 'Customer'),
  'VERIFICATION.APPROVED': from('VERIFICATION.APPROVED'),
  'VERIFICATION.REJECTED': from('VERIFICATION.REJECTED'),
  'VERIFICATION.RESOLVE_ERRORS': from('VERIFICATION.RESOLVE_ERRORS'),
  'VERIFICATION.IN_PROGRESS': from('VERIFICATION.IN_PROGRESS'),
  'VERIFICATION.PENDING_MANUAL_REVIEW': from('VERIFICATION.PENDING_MANUAL_REVIEW'),
  'VERIFICATION.READY_FOR_VERIFICATION': from('VERIFICATION.READY_FOR_VERIFICATION'),
  'EXTERNAL_ACCOUNT.STATUS_UPDATED': from('EXTERNAL_ACCOUNT.STATUS_UPDATED', 'ExternalAccount'),
  'INTERNAL_ACCOUNT.BALANCE_UPDATED': from('INTERNAL_ACCOUNT.BALANCE_UPDATED', 'InternalAccount'),
  'INTERNAL_ACCOUNT.STATUS_UPDATED': from('INTERNAL_ACCOUNT.STATUS_UPDATED', 'InternalAccount'),
  'AGENT_ACTION.PENDING_APPROVAL': from('AGENT_ACTION.PENDING_APPROVAL'),
  'INVITATION.CLAIMED': from('INVITATION.CLAIMED'),
  'BULK_UPLOAD.COMPLETED': from('BULK_UPLOAD.COMPLETED'),
  'BULK_UPLOAD.FAILED': from('BULK_UPLOAD.FAILED'),
  'CARD.STATE_CHANGE': from('CARD.STATE_CHANGE'),
  'CARD.FUNDING_SOURCE_CHANGE': from('CARD.FUNDING_SOURCE_CHANGE'),
  'CARD_TRANSACTION.AUTHORIZED': from('CARD_TRANSACTION.AUTHORIZED'),
  'CARD_TRANSACTION.PARTIALLY_SETTLED': from('CARD_TRANSACTION.PARTIALLY_SETTLED'),
  'CARD_TRANSACTION.SETTLED': from('CARD_TRANSACTION.SETTLED'),
  'CARD_TRANSACTION.REFUNDED': from('CARD_TRANSACTION.REFUNDED'),
  'CARD_TRANSACTION.EXCEPTION': from('CARD_TRANSACTION.EXCEPTION'),
  // Setting or changing the endpoint sends a TEST webhook to it (upstream does the same).
  'PLATFORM_CONFIG.UPDATED': from('TEST', 'none', endpointSet),
};

/** The webhook a committed domain event becomes, if any. */
export function mappingOf(event: DomainEvent): EventMapping | undefined {
  const m = EVENT_MAP[event.type];
  return m && (!m.when || m.when(event)) ? m : undefined;
}

/** Webhook types that are never retried: TEST, and the synchronous incoming-payment approval. */
export function retriesFor(type: WebhookType): boolean {
  return type !== 'TEST' && type !== 'INCOMING_PAYMENT.PENDING';
}

/** Where a manually sent webhook of a type reads its object from (undefined: this service cannot send that type by hand yet). */
export function sourceForType(type: WebhookType): DataSource | undefined {
  if (type === 'TEST') return 'none';
  const prefix = type.split('.')[0];
  const byPrefix: Record<string, DataSource> = {
    OUTGOING_PAYMENT: 'Transaction', INCOMING_PAYMENT: 'Transaction', CUSTOMER: 'Customer', VERIFICATION: 'Verification',
    INTERNAL_ACCOUNT: 'InternalAccount', EXTERNAL_ACCOUNT: 'ExternalAccount',
  };
  return prefix ? byPrefix[prefix] : undefined;
}
