// `npm start` (after `npm run build`): runs the desktop console in Electron when its runtime is
// installed; otherwise says so in one sentence and runs the same console in the browser via `serve`.
import { spawn } from 'node:child_process';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { electronBinary, launchPlan } from './electron-runtime.mjs';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const plan = launchPlan({ binary: electronBinary(), root, extraArgs: process.argv.slice(2) });
if (plan.notice) console.log(plan.notice);

// Why: with ELECTRON_RUN_AS_NODE set, the Electron binary would run main.cjs as plain Node.
const env = { ...process.env };
delete env.ELECTRON_RUN_AS_NODE;

const child = spawn(plan.command, plan.args, { stdio: 'inherit', cwd: root, env, windowsHide: false });
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
