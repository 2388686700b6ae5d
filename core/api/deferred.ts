/**
 * The last, synchronous step of an asynchronous handler: its writes and its reply. Returned after the
 * async work (crypto, reading a body) so that, for a keyed request, these writes commit in one
 * transaction with the stored answer (see `answerOnce`).
 */
export class Deferred<T> {
  constructor(readonly run: () => T) {}
}

/** Defers a handler's writes and reply to the moment its answer is stored (`Deferred`). */
export function commit<T>(run: () => T): Deferred<T> {
  return new Deferred(run);
}
