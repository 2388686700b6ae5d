import { z } from 'zod';
import { WEBHOOK_TYPES, type WebhookType } from './event-map';

/** Where a delivery stands. */
export const DELIVERY_STATUSES = ['PENDING', 'SENDING', 'RETRYING', 'SUCCEEDED', 'FAILED'] as const;
/** Where a delivery stands. */
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** Why a delivery exists: a committed event, the TEST webhook, or a developer's manual send. */
export type DeliveryOrigin = 'EVENT' | 'TEST' | 'MANUAL';
/** What started an attempt: the retry schedule, a replay, or the listen mode's forwarding. */
export type AttemptTrigger = 'SCHEDULED' | 'REPLAY' | 'LISTEN';

/** The envelope every webhook carries (upstream's BaseWebhook); `data` is absent only for TEST. */
export interface Envelope {
  id: string;
  type: WebhookType;
  timestamp: string;
  data?: unknown;
}

/** One try at sending a delivery, with the receiver's answer. */
export interface Attempt {
  id: string;
  deliveryId: string;
  number: number;
  trigger: AttemptTrigger;
  url: string;
  signature: string;
  startedAt: string;
  /** When it was sent by the real clock (null for attempts recorded before wall times were kept). */
  startedWallAt: string | null;
  durationMs: number | null;
  outcome: 'IN_FLIGHT' | 'SUCCEEDED' | 'FAILED';
  responseStatus: number | null;
  responseHeaders: Record<string, string> | null;
  /** The receiver's answer, cut to RESPONSE_BODY_LIMIT characters. */
  responseBody: string | null;
  /** Why no answer was read (timeout, refused connection, host not allowed). */
  error: string | null;
}

/** A stored webhook delivery: the exact signed body and where it stands. */
export interface Delivery {
  id: string;
  eventId: string | null;
  type: WebhookType;
  resourceId: string | null;
  url: string;
  payload: string;
  origin: DeliveryOrigin;
  retries: boolean;
  status: DeliveryStatus;
  attemptCount: number;
  nextAttemptAt: string | null;
  giveUpAt: string;
  /** For INCOMING_PAYMENT.PENDING: what the receiver's answer decided. */
  approval: string | null;
  createdAt: string;
  updatedAt: string;
  /** When it was created by the real clock (null for deliveries recorded before wall times were kept). */
  wallAt: string | null;
}

/** Receivers' answers are stored up to this many characters. */
export const RESPONSE_BODY_LIMIT = 4096;

/** `POST /sandbox/webhooks/test` answer (upstream's shape, snake_case as upstream sends it). */
export const testWebhookResultSchema = z.object({
  url: z.string().optional(),
  response_status: z.number().int(),
  response_body: z.string().optional(),
}).strict().meta({ id: 'TestWebhookResponse', description: 'What the endpoint answered to the TEST webhook' });

/** The console's deliveries list filters. */
export const listDeliveriesQuery = z.object({
  type: z.enum(WEBHOOK_TYPES).optional(),
  status: z.enum(DELIVERY_STATUSES).optional(),
  resourceId: z.string().min(1).optional().meta({ description: 'The object the webhook is about' }),
  limit: z.number().int().min(1).max(100).default(25),
  cursor: z.string().min(1).optional(),
});
