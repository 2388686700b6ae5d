/**
 * The console's error as data, apart from the bridge client so views can name and show errors
 * without importing the module that calls the core (views call stores, stores call the client).
 */

/** An error as data from the core or the API (code, message, HTTP-like status, optional details). */
export class ConsoleError extends Error {
  /** Wraps a `{ status, code, message, details }` error body. */
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'ConsoleError';
  }
}

/** Turns any thrown value into a ConsoleError, so the UI always has a code and a message to show. */
export function toConsoleError(err: unknown): ConsoleError {
  if (err instanceof ConsoleError) return err;
  const message = err instanceof Error ? err.message : String(err);
  return new ConsoleError('CLIENT_ERROR', message, 0);
}
