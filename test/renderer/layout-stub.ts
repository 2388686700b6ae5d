/**
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
