// The second processes of single-writer.test.ts, run with `node --import tsx`:
//   run-jobs DB_PATH       opens the file WITHOUT its lock (as two hosts did before it existed), waits for a
//                          line on stdin, then runs every due `test.once` job it can and prints what it ran;
//   export-and-die DIR TARGET  opens the workspace in DIR, starts exporting it to TARGET and SIGKILLs itself
//                          half-way through the copy, as a crash or a power cut would.
import { createCore } from '../../core/index';
import { createKernel } from '../../core/kernel/kernel';

// Not exported: importing this file runs it. The test uses the same two names.
/** The job kind the scheduler test schedules; its handler records the run as an event, in the job's transaction. */
const ONCE_KIND = 'test.once';
/** The event each run of a job writes. */
const RAN_EVENT = 'TEST.RAN';

function busy(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // A job that takes a moment, so the two processes' slices interleave.
  }
}

async function runJobs(dbPath: string): Promise<void> {
  const kernel = createKernel({ dbPath, singleWriter: false, backgroundCheckpointsAfterMs: -1 });
  kernel.scheduler.register(ONCE_KIND, (job) => {
    kernel.events.append(RAN_EVENT, 'Job', job.id, { pid: process.pid });
    busy(1);
  });
  process.stdout.write('ready\n');
  await new Promise<void>((resolve) => process.stdin.once('data', () => resolve()));
  process.stdin.destroy();
  const total = { ran: 0, failed: 0, errors: [] as string[] };
  while (kernel.scheduler.dueCount(Number.MAX_SAFE_INTEGER) > 0) {
    try {
      const r = kernel.scheduler.runDue(Number.MAX_SAFE_INTEGER, { oneSlice: true });
      total.ran += r.ran;
      total.failed += r.failed;
    } catch (err) {
      // A slice that could not get the write lock within the busy timeout: counted, and tried again.
      total.errors.push(err instanceof Error ? err.message : String(err));
    }
    // The other process's turn (SQLite's busy wait sleeps, so a slice right after ours would always win).
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  kernel.close();
  process.stdout.write(`${JSON.stringify(total)}\n`);
}

async function exportAndDie(dataDir: string, target: string): Promise<void> {
  const core = createCore({ dataDir, host: { kind: 'test' } });
  let steps = 0;
  await core.files.exportTo(target, {
    pagesPerStep: 4,
    onProgress: ({ totalPages, remainingPages }) => {
      steps++;
      if (steps > 2 && remainingPages < totalPages / 2) process.kill(process.pid, 'SIGKILL');
    },
  });
  process.stdout.write('the export finished before it could be killed\n');
  process.exit(3);
}

const [mode, a, b] = process.argv.slice(2);
if (mode === 'run-jobs' && a) await runJobs(a);
else if (mode === 'export-and-die' && a && b) await exportAndDie(a, b);
else {
  console.error(`unknown arguments: ${process.argv.slice(2).join(' ')}`);
  process.exit(2);
}
