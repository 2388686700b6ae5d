import { z } from 'zod';
import { streamSSE } from 'hono/streaming';
import { defineRoute, idParam, implement, reply } from '../api/contract';
import { ServiceError } from '../kernel/errors';
import { testWebhookResultSchema } from './schema';
import type { WebhookService } from './service';

/** `POST /sandbox/webhooks/test` and the deferred rejection of an incoming payment, declared once. */
export const webhookContract = {
  sendTestWebhook: defineRoute({
    method: 'post', path: '/sandbox/webhooks/test', tag: 'Sandbox', permission: 'MANAGE',
    summary: 'Sends a TEST webhook to the configured endpoint and reports its answer',
    description: 'The webhook is signed like every other (X-Svc-Signature) and stored with its attempt. Any HTTP answer is reported with 200; '
      + 'no answer at all (refused connection, timeout) is 400 WEBHOOK_DELIVERY_ERROR.',
    responses: { 200: { description: "The endpoint's answer", schema: testWebhookResultSchema } },
    errors: { 400: 'WEBHOOK_ENDPOINT_NOT_SET: PATCH /config with webhookEndpoint first; WEBHOOK_DELIVERY_ERROR: the endpoint did not answer' },
  }),
  listenWebhooks: defineRoute({
    method: 'get', path: '/sandbox/webhooks/listen', tag: 'Sandbox', permission: 'MANAGE',
    summary: 'Streams every webhook as it is made (the listen mode of `npm run listen`)',
    description: 'A text/event-stream: one `webhook` message per webhook, data `{id, type, body, signature}` where body is the exact signed '
      + 'envelope and signature the X-Svc-Signature value. Webhooks are streamed whether or not an endpoint is set; the configuration is not touched.',
    responses: { 200: { description: 'An event stream (text/event-stream), not JSON' } },
  }),
};

/** Serves the webhook routes. */
export function webhookRoutes(webhooks: WebhookService) {
  return implement(webhookContract, {
    sendTestWebhook: async () => {
      const { url, attempt } = await webhooks.test();
      if (attempt.responseStatus === null) {
        throw new ServiceError(400, 'WEBHOOK_DELIVERY_ERROR', `The webhook endpoint ${url} did not answer: ${attempt.error ?? 'no response'}`, { url });
      }
      return reply(200, { url, response_status: attempt.responseStatus, ...(attempt.responseBody !== null ? { response_body: attempt.responseBody } : {}) });
    },
    listenWebhooks: ({ c }) => {
      const response = streamSSE(c, async (stream) => {
        // Writes are chained so webhooks reach the listener in the order they were made.
        let queue = stream.write(': listening\n\n').then(() => undefined);
        const stop = webhooks.listen((w) => {
          queue = queue.then(() => stream.writeSSE({ event: 'webhook', id: w.id, data: JSON.stringify(w) })).then(() => undefined, () => undefined);
        });
        await new Promise<void>((resolve) => {
          stream.onAbort(resolve);
          if (c.req.raw.signal.aborted) resolve();
          else c.req.raw.signal.addEventListener('abort', () => resolve(), { once: true });
        });
        stop();
      });
      response.headers.set('cache-control', 'no-store');
      // A stream is not one of the JSON replies the contract types; the router passes a Response through as is.
      return response as never;
    },
  });
}
