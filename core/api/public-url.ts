import type { Context } from 'hono';
import { API_BASE, type ApiBindings, type ApiVariables } from './types';

/**
 * An absolute URL below the API's base, for links an answer hands out (a card's reveal page, the
 * end-user terms): on the address the caller reached, since the host check admits loopback names only;
 * console calls have no address of their own and get the host's first origin (127.0.0.1 without one,
 * where the desktop app's loopback server listens).
 */
export function publicApiUrl(c: Context<{ Bindings: ApiBindings; Variables: ApiVariables }>, hostOrigins: readonly string[], path: string): string {
  const origin = c.env?.consoleCall ? (hostOrigins[0] ?? 'http://127.0.0.1') : new URL(c.req.url).origin;
  return `${origin}${API_BASE}${path}`;
}
