import { z } from 'zod';
import type { Ctx } from '../context';
import { handler } from '../api/console-handler';

/** Filters of the event log. */
export const eventsQuery = z.object({
  type: z.string().max(100).optional(),
  typePrefix: z.string().max(100).optional(),
  resourceId: z.string().max(200).optional(),
  afterSeq: z.number().int().min(0).optional(),
  order: z.enum(['asc', 'desc']).default('desc'),
  limit: z.number().int().min(1).max(200).default(50),
  cursor: z.string().optional(),
});

/** Console handlers of the event log (the outbox read back, through the kernel that owns it). */
export function eventHandlers(ctx: Ctx) {
  return {
    'events/list': handler(eventsQuery, (q) => ctx.events.list(q)),
    'events/types': handler(z.object({}), () => ctx.events.typeCounts()),
  };
}
