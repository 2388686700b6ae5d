// `npm run scenarios`: runs the scenario catalogue (and the workspace's saved scenarios) against a
// fresh temporary workspace, or `--workspace DIR`, or a running `serve` (`--url`), printing one line per
// scenario; exits 1 when any differs from its expectation, 2 when the command line is wrong or the
// server cannot be reached.
//   --workspace DIR        rehearse on this workspace folder (created and seeded when new): the run happens in
//                          a throwaway copy of it, leaving it as it was except for its run history
//   --in-place             run in the workspace itself (--workspace DIR), or in the server's open workspace
//                          (--url, which requires it): its customers, clock and request log then show the run
//   --url URL              run over HTTP against a running serve (its origin or its versioned API address),
//                          with --client-id / --client-secret (default: $SVC_CLIENT_ID / $SVC_CLIENT_SECRET)
//   --only NAME            one scenario by name, or every scenario of a group
//   --report FILE          also write the run as JSON (FILE.json) or JUnit XML (FILE.xml)
import { mkdtempSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { API_BASE, createCore } from '../index';
import { CATALOGUE } from '../scenarios/catalogue';
import { httpCaller } from '../scenarios/http-caller';
import { runScenarios, selectScenarios, type RunProgress } from '../scenarios/runner';
import { junitXml, scenarioLines } from '../scenarios/report';
import { ScenarioService } from '../scenarios/service';
import { scenarioTargets } from '../scenarios/targets';
import type { RunReport, ScenarioDefinition } from '../scenarios/types';

interface Args { workspace?: string; url?: string; 'client-id'?: string; 'client-secret'?: string; only?: string; report?: string; 'in-place'?: boolean }
const FLAGS = ['--workspace', '--url', '--client-id', '--client-secret', '--only', '--report'];

function parseArgs(argv: string[]): Args {
  const args: Args = {};
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i]!;
    if (flag === '--in-place') {
      args['in-place'] = true;
      continue;
    }
    const [name, inline] = flag.includes('=') ? [flag.slice(0, flag.indexOf('=')), flag.slice(flag.indexOf('=') + 1)] : [flag, undefined];
    const value = inline ?? argv[++i];
    if (!FLAGS.includes(name)) throw new Error(`unknown option ${flag} (use --workspace DIR or --url URL, --in-place, --only NAME, --report FILE.json|FILE.xml)`);
    if (!value) throw new Error(`${name} needs a value`);
    if (name === '--report' && !/\.(json|xml)$/i.test(value)) throw new Error('--report must name a .json or .xml file');
    args[name.slice(2) as Exclude<keyof Args, 'in-place'>] = value;
  }
  if (args.url && args.workspace) throw new Error('--url runs against a running server and --workspace against a folder: give one of them');
  if (!args.url && (args['client-id'] || args['client-secret'])) throw new Error('--client-id and --client-secret go with --url');
  if (args.url) apiAddress(args.url);
  if (args['in-place'] && !args.url && !args.workspace) throw new Error('--in-place goes with --workspace DIR or --url URL (without them the run is in a fresh temporary workspace)');
  // Why: over HTTP the run can only act on the server's open workspace, so changing it must be asked for.
  if (args.url && !args['in-place']) throw new Error("--url runs in the server's open workspace and leaves the scenarios' customers and clock changes in it: add --in-place to do that, or rehearse on a copy with --workspace DIR (or from the console's Scenarios screen)");
  return args;
}

/** The versioned API address of `--url`: an origin gets the API's base path appended. */
function apiAddress(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`--url must be an http address such as http://127.0.0.1:4100, got "${url}"`);
  }
  if (!/^https?:$/.test(parsed.protocol)) throw new Error(`--url must be an http address, got "${url}"`);
  const path = parsed.pathname.replace(/\/+$/, '');
  return `${parsed.origin}${path === '' ? API_BASE : path}`;
}

function writeReport(report: RunReport, target: string): void {
  const file = resolve(target);
  mkdirSync(dirname(file), { recursive: true });
  // Written aside and renamed, so a reader never sees half a report.
  writeFileSync(`${file}.tmp`, /\.xml$/i.test(file) ? junitXml(report) : `${JSON.stringify(report, null, 2)}\n`);
  renameSync(`${file}.tmp`, file);
  process.stdout.write(`Report written to ${file}\n`);
}

/** Runs the scenarios, printing a line per scenario; the exit code. */
async function run(defs: ScenarioDefinition[], execute: (progress: RunProgress) => Promise<RunReport>, where: string, args: Args): Promise<number> {
  process.stdout.write(`Running ${defs.length} scenario${defs.length === 1 ? '' : 's'} ${where}\n`);
  const report = await execute({ onScenarioDone: (r) => process.stdout.write(`${scenarioLines(r).join('\n')}\n`) });
  process.stdout.write(`${report.passed} passed, ${report.failed} failed in ${report.durationMs} ms\n`);
  if (args.report) writeReport(report, args.report);
  return report.failed ? 1 : 0;
}

/** `--url`: the catalogue over HTTP against a running serve, in whatever workspace it has open. */
async function runAgainstServer(args: Args & { url: string }): Promise<number> {
  const base = apiAddress(args.url);
  const id = args['client-id'] ?? process.env['SVC_CLIENT_ID'];
  const secret = args['client-secret'] ?? process.env['SVC_CLIENT_SECRET'];
  if (!id || !secret) {
    process.stderr.write('scenarios: --url needs the API credentials serve printed: --client-id ID --client-secret SECRET (or SVC_CLIENT_ID and SVC_CLIENT_SECRET)\n');
    return 2;
  }
  const call = httpCaller(base, `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`);
  let clock;
  try {
    clock = await call({ method: 'GET', path: '/sandbox/clock' });
  } catch (err) {
    process.stderr.write(`scenarios: cannot reach ${base} (${(err as Error & { cause?: Error }).cause?.message ?? (err as Error).message}); is serve running?\n`);
    return 2;
  }
  if (clock.status === 401 || clock.status === 403) {
    process.stderr.write(`scenarios: ${base} refused the credentials (${clock.status}); use the client id and secret serve printed for this workspace\n`);
    return 2;
  }
  if (clock.status !== 200) {
    process.stderr.write(`scenarios: ${base} does not answer like serve (GET /sandbox/clock gave ${clock.status})\n`);
    return 2;
  }
  // Saved scenarios live inside the server's workspace; over HTTP only the built-in catalogue runs.
  const defs = selectScenarios(CATALOGUE, args.only);
  if (!defs.length) {
    process.stderr.write(`scenarios: no scenario or group is named "${args.only}" in the built-in catalogue\n`);
    return 2;
  }
  const seconds = defs.flatMap((d) => d.steps).reduce((t, s) => t + (s.advanceSeconds ?? 0), 0);
  if (seconds) process.stdout.write(`Note: this moves the server's workspace clock forward by ${seconds} s in total and leaves the scenarios' customers in it\n`);
  return run(defs, (progress) => runScenarios(defs, call, progress), `in the open workspace of ${base}`, args);
}

async function main(): Promise<number> {
  let args: Args;
  try {
    args = parseArgs(process.argv.slice(2));
  } catch (err) {
    process.stderr.write(`scenarios: ${(err as Error).message}\n`);
    return 2;
  }
  if (args.url) return runAgainstServer({ ...args, url: args.url });
  const temp = args.workspace ? undefined : mkdtempSync(join(tmpdir(), 'scenarios-'));
  const dataDir = args.workspace ? resolve(args.workspace) : temp!;
  mkdirSync(dataDir, { recursive: true });
  const core = createCore({ dataDir, ...(temp ? { clock: { mode: 'FROZEN' as const, frozenAt: new Date().toISOString() } } : {}) });
  try {
    const scenarios = new ScenarioService(core.services.ctx);
    const defs = selectScenarios(scenarios.all(), args.only);
    if (!defs.length) {
      process.stderr.write(`scenarios: no scenario or group is named "${args.only}"\n`);
      return 2;
    }
    // A fresh temporary workspace is thrown away anyway: no copy of it is needed.
    const inPlace = temp !== undefined || args['in-place'] === true;
    const targets = scenarioTargets(core, (path) => createCore({ dbPath: path, seed: false, backgroundCheckpointsAfterMs: -1 }));
    const where = temp ? 'in a fresh temporary workspace' : inPlace ? `in ${dataDir} itself` : `in a throwaway copy of ${dataDir} (the workspace keeps only the run history)`;
    return await run(defs, (progress) => scenarios.run(defs, { place: inPlace ? 'IN_PLACE' : 'COPY' }, targets, progress), where, args);
  } finally {
    core.close();
    if (temp) rmSync(temp, { recursive: true, force: true });
  }
}

main().then((code) => process.exit(code), (err: unknown) => {
  process.stderr.write(`scenarios: ${(err as Error).stack ?? String(err)}\n`);
  process.exit(1);
});
