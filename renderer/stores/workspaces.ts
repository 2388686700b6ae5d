import { defineStore } from 'pinia';
import { ref, shallowRef } from 'vue';
import type { HandlerOutput } from '../../core/index';
import { invoke, onEvent, toConsoleError, type ConsoleError } from '../api/client';

/** The host's workspaces as the Workspaces screen and the switcher list them. */
export type WorkspaceList = HandlerOutput<'workspaces/list'>;
/** One workspace folder. */
export type WorkspaceSummary = WorkspaceList['workspaces'][number];
/** One named snapshot of the open workspace. */
export type Snapshot = HandlerOutput<'workspaces/snapshots'>['data'][number];

/** Events after which everything the console shows belongs to another state of the world. */
export const RELOADING_EVENTS = new Set(['WORKSPACE.SWITCHED', 'WORKSPACE.RESTORED']);

/** Workspaces of the host and snapshots of the open one, with the operations on them. */
export const useWorkspacesStore = defineStore('workspaces', () => {
  const list = shallowRef<WorkspaceList | null>(null);
  const snapshots = shallowRef<Snapshot[]>([]);
  const error = shallowRef<ConsoleError | null>(null);
  const loading = ref(false);

  /** Loads the workspace list and the open workspace's snapshots. */
  async function load(): Promise<void> {
    loading.value = true;
    error.value = null;
    try {
      const [l, s] = await Promise.all([invoke('workspaces/list', {}), invoke('workspaces/snapshots', { limit: 100 })]);
      list.value = l;
      snapshots.value = s.data;
    } catch (err) {
      error.value = toConsoleError(err);
    } finally {
      loading.value = false;
    }
  }

  async function after<T>(action: Promise<T>): Promise<T> {
    const result = await action;
    await load();
    return result;
  }

  return {
    list, snapshots, error, loading, load,
    /** Creates and seeds a workspace (it is not opened). */
    create: (name: string) => after(invoke('workspaces/create', { name })),
    /** Opens another workspace; the console reloads when the host says it switched. */
    switchTo: (id: string) => invoke('workspaces/switch', { id }),
    rename: (id: string, name: string) => after(invoke('workspaces/rename', { id, name })),
    duplicate: (id: string, name: string) => after(invoke('workspaces/duplicate', { id, name })),
    remove: (id: string) => after(invoke('workspaces/delete', { id })),
    importFile: (path: string, name?: string) => after(invoke('workspaces/import', name ? { path, name } : { path })),
    exportTo: (path?: string) => invoke('workspaces/export', path ? { path } : {}),
    snapshot: (name: string, note?: string) => after(invoke('workspaces/snapshot', note ? { name, note } : { name })),
    /** Restores a snapshot; the console reloads on the WORKSPACE.RESTORED event. */
    restore: (name: string) => invoke('workspaces/restore', { name }),
    deleteSnapshot: (name: string) => after(invoke('workspaces/deleteSnapshot', { name })),
    reset: () => invoke('workspaces/reset', {}),
  };
});

/**
 * Reloads the console when the open workspace is switched or restored (by this console, another window,
 * `serve`, or a test suite over the API): every store then reads the new state from scratch, and the
 * event stream reconnects to the workspace that is open now. Returns the unsubscribe function.
 */
export function followWorkspaceChanges(reload: () => void = () => window.location.reload()): () => void {
  return onEvent((event) => {
    if (RELOADING_EVENTS.has(event.type)) reload();
  });
}
