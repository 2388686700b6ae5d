import { computed, onScopeDispose, ref, type ComputedRef } from 'vue';
import { useWorkspaceStore } from '../stores/workspace';

const localNow = ref(Date.now());
let users = 0;
let timer: ReturnType<typeof setInterval> | undefined;

/** Starts the shared tick, from now: the value may be stale after a while with no user. */
function start(): void {
  localNow.value = Date.now();
  timer = setInterval(() => (localNow.value = Date.now()), 1000);
}

/** The workspace time in ms, ticking every second while any component uses it (one shared timer). */
export function useWorkspaceNow(): ComputedRef<number> {
  const workspace = useWorkspaceStore();
  if (users++ === 0) start();
  onScopeDispose(() => {
    if (--users === 0 && timer) (clearInterval(timer), (timer = undefined));
  });
  return computed(() => workspace.nowMs(localNow.value));
}

/** Real time in ms, ticking every second while used (the same shared timer): for what happened in the real world. */
export function useWallNow(): ComputedRef<number> {
  if (users++ === 0) start();
  onScopeDispose(() => {
    if (--users === 0 && timer) (clearInterval(timer), (timer = undefined));
  });
  return computed(() => localNow.value);
}
