import { beforeAll } from 'vitest';
import { loadAllScreens } from '../../renderer/router';

/**
 * What mounting the console in happy-dom needs; import it first in a component test.
 *
 * happy-dom does no layout, so a ResizeObserver never reports a size and naive-ui's virtual tables
 * render no rows. This stand-in reports a fixed 1000x600 box for every observed element; import it
 * before anything that imports naive-ui (vueuc creates its observer when first loaded).
 */
class FixedSizeResizeObserver {
  constructor(private readonly callback: ResizeObserverCallback) {}
  observe(target: Element): void {
    const entry = { target, contentRect: { width: 1000, height: 600, top: 0, left: 0, bottom: 600, right: 1000, x: 0, y: 0 } } as unknown as ResizeObserverEntry;
    queueMicrotask(() => this.callback([entry], this as unknown as ResizeObserver));
  }
  unobserve(): void {}
  disconnect(): void {}
}

globalThis.ResizeObserver = FixedSizeResizeObserver as unknown as typeof ResizeObserver;
window.ResizeObserver = globalThis.ResizeObserver;

/**
 * Screens are lazy routes (renderer/router.ts), and a component test navigates and then awaits one
 * flush of promises: loading a screen's module for the first time takes longer than that under the
 * test runner, so every screen is loaded once before the file's tests run (after the stub above,
 * which naive-ui must find when first loaded).
 */
beforeAll(() => loadAllScreens(), 60_000);
