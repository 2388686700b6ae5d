import { z } from 'zod';
import { join } from 'node:path';
import { handler } from '../api/console-handler';
import type { Ctx } from '../context';
import { conflict } from '../kernel/errors';
import { transactionActivity, type CardActivitySource } from '../transactions/activity';
import { createSnapshotSchema, snapshotNameSchema } from './schema';
import { upcomingJobs } from './routes';
import type { WorkspaceDirectory } from './ports';
import type { WorkspaceService } from './service';

const workspaceName = z.string().trim().min(1, 'must not be empty').max(80, 'must be at most 80 characters');
const workspaceId = z.string().min(1).max(120);

/** Console handlers of workspaces (the host's list, switch, create...), snapshots, export and import, the clock's jobs, and the Overview's charts. */
export function workspaceFileHandlers(ctx: Ctx, files: WorkspaceService, directory: () => WorkspaceDirectory | undefined, cards: CardActivitySource) {
  const host = (): WorkspaceDirectory => {
    const d = directory();
    if (!d) throw conflict('This console runs without a workspace host: workspaces cannot be listed or switched here', 'NO_WORKSPACE_HOST');
    return d;
  };
  return {
    'workspaces/list': handler(z.object({}), () => {
      const d = directory();
      return { available: d !== undefined, root: d?.root ?? null, workspaces: d?.list() ?? [] };
    }),
    'workspaces/create': handler(z.object({ name: workspaceName }), ({ name }) => host().create(name)),
    'workspaces/switch': handler(z.object({ id: workspaceId }), ({ id }) => host().switchTo(id)),
    'workspaces/rename': handler(z.object({ id: workspaceId, name: workspaceName }), ({ id, name }) => host().rename(id, name)),
    'workspaces/duplicate': handler(z.object({ id: workspaceId, name: workspaceName }), ({ id, name }) => host().duplicate(id, name)),
    'workspaces/delete': handler(z.object({ id: workspaceId }), ({ id }) => (host().remove(id), { deleted: id })),
    'workspaces/import': handler(z.object({ path: z.string().trim().min(1, 'must name a file'), name: workspaceName.optional() }),
      ({ path, name }) => host().importFile(path, name)),
    'workspaces/export': handler(z.object({ path: z.string().trim().min(1).optional() }), async ({ path }) => {
      const target = path ?? join(host().root, '..', 'exports', `workspace-${new Date().toISOString().replace(/[:.]/g, '-')}.sqlite`);
      return files.exportTo(target);
    }),
    'workspaces/snapshots': handler(z.object({ limit: z.number().int().min(1).max(100).default(50), cursor: z.string().optional() }),
      ({ limit, cursor }) => files.list(limit, cursor)),
    'workspaces/snapshot': handler(createSnapshotSchema, ({ name, note, overwrite }) => files.take(name, note, overwrite)),
    'workspaces/restore': handler(z.object({ name: snapshotNameSchema }), ({ name }) => files.restore(name)),
    'workspaces/deleteSnapshot': handler(z.object({ name: snapshotNameSchema }), ({ name }) => (files.remove(name), { deleted: name })),
    'workspaces/reset': handler(z.object({}), () => files.reset()),
    'clock/jobs': handler(z.object({ limit: z.number().int().min(1).max(100).default(8), cursor: z.string().optional() }),
      ({ limit, cursor }) => upcomingJobs(ctx, { limit, cursor })),
    'overview/activity': handler(z.object({ days: z.number().int().min(1).max(90).default(14) }),
      ({ days }) => transactionActivity(ctx, days, cards)),
  };
}
