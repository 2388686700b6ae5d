/** The first retry waits this long; each further one waits twice as long as the one before. */
export const FIRST_RETRY_SECONDS = 30;
/** No two attempts are more than 30 minutes apart (upstream's maximum interval). */
export const MAX_RETRY_SECONDS = 30 * 60;
/** Retries stop 7 days after the event (upstream's retry window). */
export const RETRY_WINDOW_SECONDS = 7 * 24 * 3600;

/**
 * Seconds between attempt `n` (1-based) and attempt `n + 1`: 30 s, 1 min, 2 min, 4 min, 8 min,
 * 16 min, then 30 min for the rest of the 7 days.
 */
export function retryDelaySeconds(n: number): number {
  // Why the exponent cap: 2 ** n overflows to Infinity for large n; the 30-minute ceiling is reached long before.
  return Math.min(MAX_RETRY_SECONDS, FIRST_RETRY_SECONDS * 2 ** Math.min(n - 1, 20));
}

/** When attempt `n + 1` is due after attempt `n` started at `startedAtMs`, or undefined past the retry window. */
export function nextAttemptAt(n: number, startedAtMs: number, giveUpAtMs: number): number | undefined {
  const at = startedAtMs + retryDelaySeconds(n) * 1000;
  return at <= giveUpAtMs ? at : undefined;
}
