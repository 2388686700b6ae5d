import { z } from 'zod';
import type { Ctx } from '../context';
import { eventFromRow, type DomainEvent } from '../kernel/events';
import { selectPage } from '../kernel/pagination';
import { handler } from './registry';

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

type Row = Parameters<typeof eventFromRow>[0];

/** Console handlers of the event log (the outbox read back). */
export function eventHandlers(ctx: Ctx) {
  return {
    'events/list': handler(eventsQuery, (q) => {
      const where: string[] = [];
      const params: unknown[] = [];
      if (q.type) (where.push('type = ?'), params.push(q.type));
      if (q.typePrefix) (where.push("type LIKE ? ESCAPE '\\'"), params.push(`${q.typePrefix.replace(/[%_\\]/g, '\\$&')}%`));
      if (q.resourceId) (where.push('resource_id = ?'), params.push(q.resourceId));
      if (q.afterSeq !== undefined) (where.push('seq > ?'), params.push(q.afterSeq));
      return selectPage<Row, DomainEvent>(ctx.db, {
        select: 'SELECT * FROM events', from: 'FROM events', where, params, limit: q.limit, cursor: q.cursor,
        order: q.order, keyColumn: 'seq', idColumn: 'id', map: eventFromRow, position: (r) => ({ k: r.seq, id: r.id }),
      });
    }),
    'events/types': handler(z.object({}), () =>
      (ctx.db.prepare('SELECT type, count(*) AS n FROM events GROUP BY type ORDER BY type').all() as { type: string; n: number }[]).map((r) => ({ type: r.type, count: r.n })),
    ),
  };
}
