// The console handlers' contract. Areas declare their handlers against it in their console.ts, as
// they declare routes against contract.ts; it sits here, below the areas, so that core/console/ (which
// merges and adds to them) can import the areas without the areas importing it back.
import type { z } from 'zod';
import { toServiceError, type ErrorBody } from '../kernel/errors';
import { zodToInvalidInput } from './validate';
import type { UnionToIntersection } from './contract';

/** One console handler: its input schema (validated at the boundary) and its function. */
export interface ConsoleHandler<S extends z.ZodType = z.ZodType, R = unknown> {
  input: S;
  run: (input: z.output<S>) => R | Promise<R>;
}

/** Declares a handler; the types of its input and result flow to the renderer from here. */
export function handler<S extends z.ZodType, R>(input: S, run: (input: z.output<S>) => R | Promise<R>): ConsoleHandler<S, R> {
  return { input, run };
}

/** What crosses every bridge: a value, or an error as data (never a thrown object). */
export type BridgeResult<T> = { ok: true; value: T } | { ok: false; error: ErrorBody };

/** Merges area handler maps; a name registered twice is a programming error. */
export function mergeHandlers<T extends Record<string, ConsoleHandler>[]>(...maps: T): UnionToIntersection<T[number]> {
  const out: Record<string, ConsoleHandler> = {};
  for (const m of maps) {
    for (const [name, h] of Object.entries(m)) {
      if (out[name]) throw new Error(`console handler ${name} registered twice`);
      out[name] = h;
    }
  }
  return out as UnionToIntersection<T[number]>;
}

/** Validates the input against the handler's schema, runs it, and returns the result as data. */
export async function dispatch(handlers: Record<string, ConsoleHandler>, name: string, input: unknown): Promise<BridgeResult<unknown>> {
  const h = Object.hasOwn(handlers, name) ? handlers[name] : undefined;
  if (!h) return { ok: false, error: { status: 404, code: 'UNKNOWN_HANDLER', message: `No console handler named "${name}"` } };
  try {
    const parsed = h.input.safeParse(input ?? {});
    if (!parsed.success) throw zodToInvalidInput(parsed.error);
    return { ok: true, value: await h.run(parsed.data) };
  } catch (err) {
    const e = toServiceError(err);
    if (e.status >= 500) console.error(`[console] ${name} failed:`, err);
    return { ok: false, error: e.toBody() };
  }
}
