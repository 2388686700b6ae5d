import { computed, onScopeDispose, ref, type ComputedRef } from 'vue';
import { useWorkspaceStore } from '../stores/workspace';

const localNow = ref(Date.now());
let users = 0;
let timer: ReturnType<typeof setInterval> | undefined;

/** The workspace time in ms, ticking every second while any component uses it (one shared timer). */
export function useWorkspaceNow(): ComputedRef<number> {
  const workspace = useWorkspaceStore();
  if (users++ === 0) timer = setInterval(() => (localNow.value = Date.now()), 1000);
  onScopeDispose(() => {
    if (--users === 0 && timer) (clearInterval(timer), (timer = undefined));
  });
  return computed(() => workspace.nowMs(localNow.value));
}
