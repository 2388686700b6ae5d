import { z } from 'zod';
import { handler } from '../api/console-handler';
import { invalidInput } from '../kernel/errors';
import { retryDelaySeconds, RETRY_WINDOW_SECONDS } from './backoff';
import { sourceForType, WEBHOOK_TYPES } from './event-map';
import { listDeliveriesQuery } from './schema';
import { snippetPort, verifierSnippet } from './snippet';
import type { WebhookAreas } from './wiring';

/** The retry schedule as the screen explains it: the wait before each retry, in seconds. */
function retrySchedule(): number[] {
  return Array.from({ length: 8 }, (_, i) => retryDelaySeconds(i + 1));
}

/** Console handlers of the Webhooks screen: settings and key, deliveries with attempts, replay and sends, approvals. */
export function webhookHandlers(w: WebhookAreas, endpoint: () => string | undefined) {
  const d = w.deliveries;
  return {
    'webhooks/overview': handler(z.object({}), () => {
      const url = endpoint();
      return {
        endpoint: url ?? null,
        endpointAllowed: url ? d.endpointAllowed(url) : true,
        publicKeyPem: d.publicKeyPem(),
        allowedHosts: d.allowedHosts(),
        timeoutMs: d.timeoutMs(),
        counts: d.counts(),
        retrySchedule: retrySchedule(),
        retryWindowSeconds: RETRY_WINDOW_SECONDS,
        snippet: verifierSnippet(d.publicKeyPem(), snippetPort(url)),
        types: [...WEBHOOK_TYPES],
      };
    }),
    'webhooks/list': handler(listDeliveriesQuery, (q) => d.list(q)),
    'webhooks/get': handler(z.object({ id: z.string().min(1) }), ({ id }) => {
      const found = d.get(id);
      const txId = found.delivery.type === 'INCOMING_PAYMENT.PENDING' ? found.delivery.resourceId : null;
      return { ...found, approval: txId ? (w.approvals.state(txId) ?? null) : null };
    }),
    'webhooks/replay': handler(z.object({ id: z.string().min(1) }), ({ id }) => d.replay(id)),
    'webhooks/replay-failed': handler(z.object({}), () => ({ replayed: d.replayFailed() })),
    'webhooks/send-test': handler(z.object({}), () => d.sendEvent('TEST', undefined, 'none')),
    'webhooks/send-event': handler(z.object({ type: z.enum(WEBHOOK_TYPES), resourceId: z.string().min(1).optional() }), ({ type, resourceId }) => {
      const source = sourceForType(type);
      if (!source) throw invalidInput('type', `${type} webhooks cannot be sent by hand yet: their objects are not readable here`);
      return d.sendEvent(type, resourceId, source);
    }),
    'webhooks/settings': handler(
      z.object({ allowedHosts: z.array(z.string()).max(20).optional(), timeoutMs: z.number().int().optional() }),
      ({ allowedHosts, timeoutMs }) => {
        if (allowedHosts) d.setAllowedHosts(allowedHosts);
        if (timeoutMs !== undefined) d.setTimeoutMs(timeoutMs);
        return { allowedHosts: d.allowedHosts(), timeoutMs: d.timeoutMs() };
      },
    ),
    'webhooks/listen': handler(z.object({ url: z.url({ protocol: /^https?$/ }).nullable() }), ({ url }) => w.forwarder.set(url)),
    'webhooks/listen-state': handler(z.object({}), () => w.forwarder.state()),
    'webhooks/approve': handler(z.object({ transactionId: z.string().min(1) }), ({ transactionId }) => (w.approvals.approve(transactionId), { ok: true })),
    'webhooks/reject': handler(z.object({ transactionId: z.string().min(1), reason: z.string().max(500).optional() }), ({ transactionId, reason }) => (w.approvals.reject(transactionId, reason), { ok: true })),
  };
}
