// The main window's size and position, remembered between runs in userData/window-state.json. A saved
// position is used only while it is still visible on a connected display (a monitor may be gone).
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { z } from 'zod';

/** The window's smallest size, also the floor for a remembered one. */
export const MIN_SIZE = { width: 900, height: 600 } as const;
/** The size of a first launch. */
export const DEFAULT_SIZE = { width: 1280, height: 800 } as const;

/** A rectangle in screen coordinates. */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** What is remembered of the window. */
export interface WindowState {
  width: number;
  height: number;
  /** Absent when the system should place the window. */
  x?: number;
  y?: number;
  maximized: boolean;
}

const stored = z.object({
  width: z.number().int().min(1).max(100_000),
  height: z.number().int().min(1).max(100_000),
  x: z.number().int().min(-100_000).max(100_000).optional(),
  y: z.number().int().min(-100_000).max(100_000).optional(),
  maximized: z.boolean().default(false),
});

/** True when at least a 100×50 corner of the title bar area of `bounds` lies on one of `displays`. */
function visibleOn(bounds: Rect, displays: readonly Rect[]): boolean {
  return displays.some((d) => {
    const w = Math.min(bounds.x + bounds.width, d.x + d.width) - Math.max(bounds.x, d.x);
    const h = Math.min(bounds.y + 50, d.y + d.height) - Math.max(bounds.y, d.y);
    return w >= 100 && h >= 50;
  });
}

/**
 * The state to open the window with: the saved one when it is readable, at least the minimum size, and
 * its position only if still visible on `displays` (their work areas); otherwise the defaults.
 */
export function loadWindowState(file: string, displays: readonly Rect[]): WindowState {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return { ...DEFAULT_SIZE, maximized: false };
  }
  const parsed = stored.safeParse(raw);
  if (!parsed.success) return { ...DEFAULT_SIZE, maximized: false };
  const s = parsed.data;
  const state: WindowState = { width: Math.max(s.width, MIN_SIZE.width), height: Math.max(s.height, MIN_SIZE.height), maximized: s.maximized };
  if (s.x !== undefined && s.y !== undefined && visibleOn({ x: s.x, y: s.y, width: state.width, height: state.height }, displays)) {
    state.x = s.x;
    state.y = s.y;
  }
  return state;
}

/** Saves the state (written aside and renamed, so a crash never leaves half a file). */
export function saveWindowState(file: string, state: WindowState): void {
  mkdirSync(dirname(file), { recursive: true });
  const tmp = `${file}.tmp`;
  writeFileSync(tmp, JSON.stringify(state));
  renameSync(tmp, file);
}

/** What the window reports when it closes (a BrowserWindow fits). */
export interface MeasurableWindow {
  getNormalBounds(): Rect;
  isMaximized(): boolean;
}

/** The state to save for `win`: its bounds when not maximized (so un-maximizing restores them), and whether it is. */
export function stateOf(win: MeasurableWindow): WindowState {
  const b = win.getNormalBounds();
  return { x: Math.round(b.x), y: Math.round(b.y), width: Math.round(b.width), height: Math.round(b.height), maximized: win.isMaximized() };
}
