import type { ApiRequest, ApiResponse, ConsoleBridge, DomainEvent, HandlerInput, HandlerName, HandlerOutput } from '../../core/index';

/** Handlers a test provides, by name; a missing one answers like the core does for an unknown name. */
export type FakeHandlers = { [K in HandlerName]?: (input: HandlerInput<K>) => HandlerOutput<K> | Promise<HandlerOutput<K>> };

/** A recorded call to the fake bridge. */
export interface FakeCall {
  name: string;
  input: unknown;
}

/**
 * A ConsoleBridge over plain functions: the transport boundary the renderer talks to, faked so
 * renderer tests run without a core. Errors thrown by a handler come back as `{ ok: false }` data.
 */
export function fakeBridge(handlers: FakeHandlers, apiHandler?: (req: ApiRequest) => ApiResponse | Promise<ApiResponse>) {
  const calls: FakeCall[] = [];
  const apiCalls: ApiRequest[] = [];
  const listeners = new Set<(e: DomainEvent) => void>();
  const bridge: ConsoleBridge = {
    async invoke(name, input) {
      calls.push({ name, input });
      const h = handlers[name] as ((i: unknown) => unknown) | undefined;
      if (!h) return { ok: false, error: { status: 404, code: 'UNKNOWN_HANDLER', message: `No console handler named "${name}"` } };
      try {
        return { ok: true, value: (await h(input)) as HandlerOutput<typeof name> };
      } catch (err) {
        const e = err as { status?: number; code?: string; message?: string };
        return { ok: false, error: { status: e.status ?? 500, code: e.code ?? 'INTERNAL_ERROR', message: e.message ?? 'failed' } };
      }
    },
    async api(req) {
      apiCalls.push(req);
      if (!apiHandler) return { status: 404, headers: {}, body: { status: 404, code: 'NOT_FOUND', message: 'no api in this test' } };
      return apiHandler(req);
    },
    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return {
    bridge, calls, apiCalls,
    /** Delivers an event to every listener, as the core does after a commit. */
    emit: (e: DomainEvent) => listeners.forEach((l) => l(e)),
    listenerCount: () => listeners.size,
  };
}
