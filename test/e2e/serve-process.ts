import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { themeOverrides } from '../../renderer/theme';
import { endChild, type ChildEnd } from '../support/child-process';

/** A running `serve` process started exactly as a user starts it, with the lines it printed. */
export interface ServeProcess {
  apiBase: string;
  consoleUrl: string;
  clientId: string;
  clientSecret: string;
  dataDir: string;
  /** The process id (a second host names it when refused). */
  pid: number;
  /** Signals the process as a shell or a process manager would; nothing once it has exited (its pid may be reused). */
  signal: (sig: NodeJS.Signals) => void;
  output: () => string;
  /** Asks the process to close (SIGTERM) and resolves with how it ended; a second call waits for the same close. */
  stop: () => Promise<ChildEnd>;
  /** Kills the process at once (SIGKILL), as a crash or a power cut would, and waits for it to be gone. */
  kill: () => Promise<ChildEnd>;
}

/**
 * Starts `node dist/host/serve.mjs --port 0` on a fresh workspace (or on `dataDir`, an existing one,
 * which prints no new credentials) and waits for its Console line.
 */
export async function startServe(extraArgs: string[] = [], env: Record<string, string> = {}, existingDataDir?: string): Promise<ServeProcess> {
  const dataDir = existingDataDir ?? mkdtempSync(join(tmpdir(), 'e2e-ws-'));
  const child: ChildProcess = spawn(process.execPath, ['dist/host/serve.mjs', '--port', '0', '--data-dir', dataDir, ...extraArgs], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      // Why kill: a serve left running would keep the workspace open (and migrating) behind the next one.
      child.kill('SIGKILL');
      reject(new Error(`serve did not start:\n${out}`));
    }, 20_000);
    const check = () => {
      if (/^Console .+$/m.test(out) && (existingDataDir !== undefined || /^Client secret/m.test(out))) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', check);
    child.once('exit', (code) => reject(new Error(`serve exited with ${code}:\n${out}`)));
  });
  const line = (prefix: string) => new RegExp(`^${prefix} (\\S+)`, 'm').exec(out)?.[1] ?? '';
  return {
    apiBase: line('API'),
    consoleUrl: line('Console'),
    clientId: line('Client id'),
    clientSecret: line('Client secret'),
    dataDir,
    pid: child.pid!,
    signal: (sig) => void child.kill(sig),
    output: () => out,
    stop: () => endChild(child, 'SIGTERM'),
    kill: () => endChild(child, 'SIGKILL'),
  };
}

/** Path of the system Chromium that CI installs (Playwright's own browser download cannot work here). */
export const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

/** Launches headless Chromium with the flags this machine's closed network needs. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  });
}

/** The slice of the page's DOM that `animationsDone` reads (this project's Node tsconfig has no DOM types). */
interface AnimatedWindow {
  document: { getAnimations(): { playState: string; effect: { getComputedTiming(): { endTime?: number | string } } | null }[] };
}

/**
 * Resolves once no finite CSS animation or transition is running (a drawer has slid in, a theme's colours
 * have faded), checked every frame. Endless ones (skeleton shimmer, spinners) never finish and do not count.
 * Call it after a condition that shows the change has started, so a transition not yet begun is not missed.
 */
export async function animationsDone(page: Page, timeout = 10_000): Promise<void> {
  // A function, not source text: the console's CSP forbids eval, which a string predicate would need.
  await page.waitForFunction(
    () => (globalThis as unknown as AnimatedWindow).document.getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity),
    undefined, { polling: 'raf', timeout },
  );
}

/** An element's computed CSS property (e.g. `background-color`), as the browser resolves it now. */
export function styleOf(locator: Locator, property: string): Promise<string> {
  return locator.evaluate((el, prop) => String(el.ownerDocument.defaultView?.getComputedStyle(el).getPropertyValue(prop) ?? ''), property);
}

/** The page background a theme paints (its `bodyColor`), as getComputedStyle reports it: `rgb(r, g, b)`. */
export function bodyColorOf(mode: 'light' | 'dark'): string {
  const hex = themeOverrides(mode).common?.bodyColor ?? '';
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}
