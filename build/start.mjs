// `npm start` (after `npm run build`): runs the desktop console in Electron when its runtime is
// installed; otherwise says so in one sentence, runs the same console via `serve`, and opens its
// address in the browser when there is one.
import { spawn } from 'node:child_process';
import { dirname } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { browserOpener, consoleUrlIn, electronBinary, launchPlan } from './electron-runtime.mjs';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const plan = launchPlan({ binary: electronBinary(), root, extraArgs: process.argv.slice(2) });
if (plan.notice) console.log(plan.notice);

// Why: with ELECTRON_RUN_AS_NODE set, the Electron binary would run main.cjs as plain Node.
const env = { ...process.env };
delete env.ELECTRON_RUN_AS_NODE;

const fallback = Boolean(plan.notice);
const child = spawn(plan.command, plan.args, { stdio: ['inherit', fallback ? 'pipe' : 'inherit', 'inherit'], cwd: root, env, windowsHide: false });
if (fallback && child.stdout) {
  // serve's output is passed through; its Console line is also opened in the browser, once.
  const opener = browserOpener();
  let opened = false;
  createInterface({ input: child.stdout }).on('line', (line) => {
    console.log(line);
    const url = consoleUrlIn(line);
    if (!url || opened || !opener) return;
    opened = true;
    const browser = spawn(opener.command, [...opener.args, url], { stdio: 'ignore', detached: true, windowsHide: true });
    browser.on('error', () => console.log('Open the Console address above in your browser.'));
    browser.unref();
  });
}
let closed = false;
child.on('error', (err) => {
  console.error(`Could not start ${plan.command}: ${err.message}`);
  process.exit(1);
});
child.on('close', (code, signal) => {
  closed = true;
  if (code === null) console.error(`${plan.command} exited with signal ${signal}`);
  process.exit(code ?? 1);
});
// Ctrl-C reaches the child directly (it shares the terminal's process group), so the launcher only
// waits for it: forwarding SIGINT would deliver it twice and cut the child's clean shutdown short.
process.on('SIGINT', () => {});
// SIGTERM is sent to this process alone (by a process manager, say), so pass it on.
process.on('SIGTERM', () => {
  if (!closed) child.kill('SIGTERM');
});
