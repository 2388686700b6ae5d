/** A task run at most once per animation frame, however often it is asked for. */
export interface FrameTask {
  /** Asks for one run at the next frame (a no-op when one is already due). */
  schedule(): void;
  /** Drops a due run. */
  cancel(): void;
}

type FrameApi = { request: (cb: () => void) => unknown; cancel: (handle: unknown) => void };

function frameApi(): FrameApi {
  if (typeof globalThis.requestAnimationFrame === 'function') {
    return { request: (cb) => globalThis.requestAnimationFrame(cb), cancel: (h) => globalThis.cancelAnimationFrame(h as number) };
  }
  return { request: (cb) => setTimeout(cb, 16), cancel: (h) => clearTimeout(h as ReturnType<typeof setTimeout>) };
}

/**
 * Coalesces bursts: a clock advance can commit thousands of events within one frame, and the screen
 * needs one update for all of them, not one per event. Frames do not run in a hidden window, so work
 * waits there until someone can see it.
 */
export function frameTask(run: () => void): FrameTask {
  const frames = frameApi();
  let handle: unknown = null;
  return {
    schedule() {
      if (handle !== null) return;
      handle = frames.request(() => {
        handle = null;
        run();
      });
    },
    cancel() {
      if (handle !== null) frames.cancel(handle);
      handle = null;
    },
  };
}

/**
 * Wraps an async task so at most one run is in flight: calls made while it runs ask for exactly one
 * more run after it, so the last call is always followed by a run that started after it. A failed run
 * is dropped: the next call tries again.
 */
export function singleFlight(run: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | null = null;
  let again = false;
  const start = (): Promise<void> => {
    running = (async () => {
      try {
        do {
          again = false;
          await run().catch(() => undefined);
        } while (again);
      } finally {
        running = null;
      }
    })();
    return running;
  };
  return () => {
    if (running) {
      again = true;
      return running;
    }
    return start();
  };
}
