import { RESPONSE_BODY_LIMIT } from './schema';
import type { AttemptResult } from './repo';
import { SIGNATURE_HEADER } from './signing';

/** How long a receiver may take before an attempt counts as failed (a hanging receiver must not hold a delivery for ever). */
export const DEFAULT_TIMEOUT_MS = 10_000;

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** True for loopback host names: localhost, *.localhost, 127.0.0.0/8 and ::1. */
export function isLoopbackHost(hostname: string): boolean {
  const h = hostname.toLowerCase();
  return LOOPBACK_NAMES.has(h) || h.endsWith('.localhost') || /^127(\.\d{1,3}){3}$/.test(h);
}

/**
 * Whether deliveries may go to this URL. Why loopback only by default: the console runs on a
 * developer's machine, and a workspace shared or imported from elsewhere must not be able to make
 * it post payment data to hosts on the network; the user allows other hosts explicitly.
 */
export function hostAllowed(url: string, allowedHosts: readonly string[]): boolean {
  let host: string;
  try {
    host = new URL(url).hostname;
  } catch {
    return false;
  }
  return isLoopbackHost(host) || allowedHosts.map((h) => h.toLowerCase()).includes(host.toLowerCase());
}

/** Posts one signed webhook body and reads the answer; never throws (failures come back as results). */
export async function postWebhook(url: string, body: string, signature: string, timeoutMs: number): Promise<AttemptResult> {
  const started = performance.now();
  const elapsed = () => Math.max(0, Math.round(performance.now() - started));
  try {
    const res = await fetch(url, {
      method: 'POST',
      // Why manual redirects: following one could carry the payload to a host the user never allowed.
      redirect: 'manual',
      headers: { 'content-type': 'application/json', 'user-agent': 'payments-console-webhooks/1', [SIGNATURE_HEADER]: signature },
      body,
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await res.text();
    const ok = res.status >= 200 && res.status < 300;
    return {
      outcome: ok ? 'SUCCEEDED' : 'FAILED', durationMs: elapsed(), responseStatus: res.status,
      responseHeaders: Object.fromEntries(res.headers), responseBody: text.slice(0, RESPONSE_BODY_LIMIT), error: null,
    };
  } catch (err) {
    const e = err as Error & { cause?: { code?: string; message?: string } };
    const timedOut = e.name === 'TimeoutError' || e.name === 'AbortError';
    const reason = timedOut
      ? `The receiver did not answer within ${timeoutMs / 1000} s`
      : `Could not reach the receiver: ${e.cause?.code ?? e.cause?.message ?? e.message}`;
    return { outcome: 'FAILED', durationMs: elapsed(), responseStatus: null, responseHeaders: null, responseBody: null, error: reason };
  }
}
