import type { z } from 'zod';
import { mergeHandlers } from '../api/console-handler';
import type { AreaEnv, HandlersOfAreas } from '../area';
import { AREAS } from '../areas';

/** Builds the one console handler map of a workspace (`area/verb` -> handler) from every area of core/areas.ts. */
export function buildConsoleHandlers(env: AreaEnv): ConsoleHandlers {
  return mergeHandlers(...AREAS.map((area) => area.handlers(env))) as ConsoleHandlers;
}

/** The handler map's type: the renderer derives every name, input and result type from it. */
export type ConsoleHandlers = HandlersOfAreas<typeof AREAS>;
/** A console handler name. */
export type HandlerName = keyof ConsoleHandlers & string;
/** The input a handler accepts (before defaults are applied). */
export type HandlerInput<K extends HandlerName> = z.input<ConsoleHandlers[K]['input']>;
/** The value a handler resolves to. */
export type HandlerOutput<K extends HandlerName> = Awaited<ReturnType<ConsoleHandlers[K]['run']>>;
