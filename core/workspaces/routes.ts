import { z } from 'zod';
import { defineRoute, implement, noContent, reply } from '../api/contract';
import { listRoute } from '../api/list-route';
import { API_BASE } from '../api/types';
import type { Ctx } from '../context';
import type { RequestLogFilter } from '../kernel/request-log';
import { describeJob } from './jobs';
import {
  createSnapshotSchema, jobQuerySchema, loggedRequestPageSchema, requestQuerySchema, restoreResultSchema, snapshotNameSchema,
  snapshotPageSchema, snapshotSchema, upcomingJobPageSchema, type LoggedRequest,
} from './schema';
import type { WorkspaceService } from './service';
import { pageQuerySchema } from '../kernel/pagination';

const TAG = 'Sandbox workspace';
const snapshotParam = z.object({ name: snapshotNameSchema });

/** The rehearsal routes: reset, snapshots and restore, the request log as a test oracle, and the clock's job queue. */
export const workspaceContract = {
  resetSandboxWorkspace: defineRoute({
    method: 'post', path: '/sandbox/workspace/reset', tag: TAG, permission: 'MANAGE',
    summary: 'Resets the workspace to its seeded state (API tokens keep working), for a clean start between tests',
    description: 'Every row goes back to how the workspace was seeded, the clock included; scheduled jobs not in the seeded state are gone. The request log restarts with this call.',
    responses: { 200: { description: 'The workspace after the reset', schema: restoreResultSchema } },
    errors: { 409: 'CLOCK_ADVANCE_IN_PROGRESS: wait for the advance to finish; WORKSPACE_IN_MEMORY: a workspace without a file' },
  }),
  listSandboxWorkspaceSnapshots: listRoute({
    path: '/sandbox/workspace/snapshots', tag: TAG, permission: 'VIEW',
    summary: "Lists the workspace's named snapshots by name",
    query: pageQuerySchema,
    page: snapshotPageSchema, items: 'snapshots',
  }),
  createSandboxWorkspaceSnapshot: defineRoute({
    method: 'post', path: '/sandbox/workspace/snapshots', tag: TAG, permission: 'MANAGE',
    summary: 'Saves the workspace as it stands under a name, to restore later',
    body: createSnapshotSchema,
    responses: { 201: { description: 'The snapshot', schema: snapshotSchema } },
    errors: { 409: 'SNAPSHOT_EXISTS: pass overwrite: true to replace it; CLOCK_ADVANCE_IN_PROGRESS; WORKSPACE_IN_MEMORY' },
  }),
  deleteSandboxWorkspaceSnapshot: defineRoute({
    method: 'delete', path: '/sandbox/workspace/snapshots/{name}', tag: TAG, permission: 'MANAGE',
    summary: 'Deletes a snapshot',
    params: snapshotParam,
    responses: { 204: { description: 'Deleted' } },
    errors: { 404: 'SNAPSHOT_NOT_FOUND' },
  }),
  restoreSandboxWorkspaceSnapshot: defineRoute({
    method: 'post', path: '/sandbox/workspace/snapshots/{name}/restore', tag: TAG, permission: 'MANAGE',
    summary: 'Puts the workspace back as the snapshot holds it, clock and scheduled jobs included',
    params: snapshotParam,
    responses: { 200: { description: 'The workspace after the restore', schema: restoreResultSchema } },
    errors: { 404: 'SNAPSHOT_NOT_FOUND', 409: 'CLOCK_ADVANCE_IN_PROGRESS; WORKSPACE_TOO_NEW: the snapshot was written by a newer build', 422: 'INVALID_WORKSPACE_FILE: the snapshot file is damaged or not a workspace (the message says what is wrong); the workspace is left as it was' },
  }),
  listSandboxRequests: listRoute({
    path: '/sandbox/requests', tag: TAG, permission: 'VIEW',
    summary: 'The API calls this workspace received, newest first, with their bodies (secrets redacted)',
    description: 'A test oracle: filter by method, path (exact, or a prefix ending in *), status, idempotencyKey and since, then assert what your code sent.',
    query: requestQuerySchema,
    page: loggedRequestPageSchema, items: 'logged calls',
  }),
  listSandboxClockJobs: listRoute({
    path: '/sandbox/clock/jobs', tag: TAG, permission: 'VIEW',
    summary: 'The jobs the test clock will run next (settlements, expiries, retries), soonest first',
    query: jobQuerySchema,
    page: upcomingJobPageSchema, items: 'scheduled jobs',
  }),
};

/** The request-log filter a `GET /sandbox/requests` query names (paths may omit the versioned base). */
export function requestFilter(q: z.output<typeof requestQuerySchema>): RequestLogFilter {
  const full = (p: string) => (p.startsWith(API_BASE) ? p : `${API_BASE}${p.startsWith('/') ? '' : '/'}${p}`);
  const prefix = q.path?.endsWith('*') ? full(q.path.slice(0, -1)) : undefined;
  return {
    method: q.method, status: q.status, idempotencyKey: q.idempotencyKey, since: q.since, limit: q.limit, cursor: q.cursor,
    path: q.path && !prefix ? full(q.path) : undefined, pathPrefix: prefix,
  };
}

/** The logged calls of a page, with their bodies. */
export function loggedRequests(ctx: Ctx, q: z.output<typeof requestQuerySchema>) {
  const page = ctx.requestLog.read.list(requestFilter(q));
  const data: LoggedRequest[] = page.data.map((s) => {
    const d = ctx.requestLog.read.get(s.id);
    return {
      id: s.id, method: s.method, path: s.path, query: s.query, status: s.status, errorCode: s.errorCode, durationMs: s.durationMs,
      source: s.source, principal: s.principal, idempotencyKey: s.idempotencyKey, resourceIds: s.resourceIds, createdAt: s.createdAt,
      requestBody: d.requestBody, responseBody: d.responseBody, faultRuleId: s.faultRuleId, faultNote: s.faultNote, replayed: s.replayed,
    };
  });
  return { ...page, data };
}

/** The clock's upcoming jobs, described. */
export function upcomingJobs(ctx: Ctx, q: z.output<typeof jobQuerySchema>) {
  const page = ctx.scheduler.upcoming(q.limit, q.cursor, q.kind);
  const now = ctx.clock.nowMs();
  return { ...page, data: page.data.map((j) => describeJob(j, now)) };
}

/** Serves the rehearsal routes. */
export function workspaceRoutes(ctx: Ctx, workspace: WorkspaceService) {
  return implement(workspaceContract, {
    resetSandboxWorkspace: () => reply(200, workspace.reset()),
    listSandboxWorkspaceSnapshots: ({ query }) => reply(200, workspace.list(query.limit, query.cursor)),
    createSandboxWorkspaceSnapshot: ({ body }) => reply(201, workspace.take(body.name, body.note, body.overwrite)),
    deleteSandboxWorkspaceSnapshot: ({ params }) => {
      workspace.remove(params.name);
      return noContent();
    },
    restoreSandboxWorkspaceSnapshot: ({ params }) => reply(200, workspace.restore(params.name)),
    listSandboxRequests: ({ query }) => reply(200, loggedRequests(ctx, query)),
    listSandboxClockJobs: ({ query }) => reply(200, upcomingJobs(ctx, query)),
  });
}
