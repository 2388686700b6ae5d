import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { MiddlewareHandler } from 'hono';

/** How long a connection refused early keeps discarding what its client still sends before it is cut. */
export const LINGER_MS = 2_000;

/**
 * Closes the connection of a request answered before its body was read (413) gently: the answer says
 * `Connection: close`; our side then half-closes (FIN) and keeps the socket up to LINGER_MS before it
 * goes. Why: Node would destroy the socket right after the answer, and the client's next write then
 * meets a reset that can discard the answer before the client reads it (the "lingering close" web
 * servers do). Nothing is buffered meanwhile: what the client still sends waits in the socket buffers
 * (its writes stall) or is dropped, and the socket is cut after LINGER_MS whatever the client does.
 */
export function lingerAfterEarlyAnswer(): MiddlewareHandler<{ Bindings: { incoming?: IncomingMessage } }> {
  return async (c, next) => {
    await next();
    const incoming = c.env?.incoming;
    if (c.res.status !== 413 || !incoming || incoming.complete) return;
    c.res.headers.set('connection', 'close');
    closeGently(incoming);
  };
}

function closeGently(incoming: IncomingMessage): void {
  const socket = incoming.socket as (Socket & { destroySoon?: () => void }) | null;
  if (!socket || socket.destroyed) return;
  let closing = false;
  // Node's server calls destroySoon once a `Connection: close` answer is written (and node-server when its
  // drain of an unread body ends); this socket's close is made gentle instead.
  socket.destroySoon = () => {
    if (closing) return;
    closing = true;
    socket.end();
    incoming.resume();
    const cut = setTimeout(() => socket.destroy(), LINGER_MS);
    cut.unref();
    socket.once('close', () => clearTimeout(cut));
  };
}
