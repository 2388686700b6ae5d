import { onMounted, onUnmounted } from 'vue';

/** Calls `handler` on Ctrl+<key> or Cmd+<key> anywhere in the window while mounted. */
export function useModHotkey(key: string, handler: () => void): void {
  const listener = (e: KeyboardEvent) => {
    if ((e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === key.toLowerCase()) {
      e.preventDefault();
      handler();
    }
  };
  onMounted(() => window.addEventListener('keydown', listener));
  onUnmounted(() => window.removeEventListener('keydown', listener));
}
