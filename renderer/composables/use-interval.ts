import { onMounted, onUnmounted } from 'vue';

/** Runs `tick` every `ms` while the component is mounted and the page is visible. */
export function useInterval(tick: () => unknown, ms: number): void {
  let timer: ReturnType<typeof setInterval> | undefined;
  let busy = false;
  onMounted(() => {
    timer = setInterval(async () => {
      if (busy || document.visibilityState === 'hidden') return;
      busy = true;
      try {
        await tick();
      } catch {
        // A failed poll is retried on the next tick; the list keeps what it has.
      } finally {
        busy = false;
      }
    }, ms);
  });
  onUnmounted(() => timer && clearInterval(timer));
}
