import { mergeContracts } from '../api/contract';
import { defineArea } from '../area';
import { workspaceContract, workspaceRoutes } from './routes';
import { requestLogHarContract, requestLogHarRoutes } from './request-log-har-route';
import { workspaceFileHandlers } from './console';

/** The workspace file (snapshots, restore, reset, export) and the request log's HAR export: their routes and console handlers. */
export const workspacesArea = defineArea({
  name: 'workspaces',
  contract: mergeContracts(workspaceContract, requestLogHarContract),
  routes: ({ services: s, runtime }) => [workspaceRoutes(s.ctx, runtime.files), requestLogHarRoutes(s.ctx)],
  handlers: ({ services: s, runtime }) => workspaceFileHandlers(s.ctx, runtime.files, () => runtime.directory, s.cardTransactions),
});
