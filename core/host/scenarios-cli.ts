// `npm run scenarios`: runs the scenario catalogue (and the workspace's saved scenarios) against a
// fresh temporary workspace, or `--workspace DIR`, printing one line per scenario; exits 1 when any
// differs from its expectation, 2 when the command line is wrong.
//   --workspace DIR   run in this workspace folder (created and seeded when new)
//   --only NAME       one scenario by name, or every scenario of a group
//   --report FILE     also write the run as JSON (FILE.json) or JUnit XML (FILE.xml)
import { mkdtempSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { createCore } from '../index';
import { runScenarios, selectScenarios } from '../scenarios/runner';
import { junitXml, scenarioLines } from '../scenarios/report';
import { ScenarioService } from '../scenarios/service';

interface Args { workspace?: string; only?: string; report?: string }

function parseArgs(argv: string[]): Args {
  const args: Args = {};
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i]!;
    const [name, inline] = flag.includes('=') ? [flag.slice(0, flag.indexOf('=')), flag.slice(flag.indexOf('=') + 1)] : [flag, undefined];
    const value = inline ?? argv[++i];
    if (!['--workspace', '--only', '--report'].includes(name)) throw new Error(`unknown option ${flag} (use --workspace DIR, --only NAME, --report FILE.json|FILE.xml)`);
    if (!value) throw new Error(`${name} needs a value`);
    if (name === '--report' && !/\.(json|xml)$/i.test(value)) throw new Error('--report must name a .json or .xml file');
    args[name.slice(2) as keyof Args] = value;
  }
  return args;
}

async function main(): Promise<number> {
  let args: Args;
  try {
    args = parseArgs(process.argv.slice(2));
  } catch (err) {
    process.stderr.write(`scenarios: ${(err as Error).message}\n`);
    return 2;
  }
  const temp = args.workspace ? undefined : mkdtempSync(join(tmpdir(), 'scenarios-'));
  const dataDir = args.workspace ? resolve(args.workspace) : temp!;
  mkdirSync(dataDir, { recursive: true });
  const core = createCore({ dataDir, ...(temp ? { clock: { mode: 'FROZEN' as const, frozenAt: new Date().toISOString() } } : {}) });
  try {
    const defs = selectScenarios(new ScenarioService(core.services.ctx).all(), args.only);
    if (!defs.length) {
      process.stderr.write(`scenarios: no scenario or group is named "${args.only}"\n`);
      return 2;
    }
    process.stdout.write(`Running ${defs.length} scenario${defs.length === 1 ? '' : 's'} in ${temp ? 'a fresh temporary workspace' : dataDir}\n`);
    const report = await runScenarios(defs, (req) => core.callApi(req), {
      onScenarioDone: (r) => process.stdout.write(`${scenarioLines(r).join('\n')}\n`),
    });
    process.stdout.write(`${report.passed} passed, ${report.failed} failed in ${report.durationMs} ms\n`);
    if (args.report) {
      const file = resolve(args.report);
      mkdirSync(dirname(file), { recursive: true });
      // Written aside and renamed, so a reader never sees half a report.
      writeFileSync(`${file}.tmp`, /\.xml$/i.test(file) ? junitXml(report) : `${JSON.stringify(report, null, 2)}\n`);
      renameSync(`${file}.tmp`, file);
      process.stdout.write(`Report written to ${file}\n`);
    }
    return report.failed ? 1 : 0;
  } finally {
    core.close();
    if (temp) rmSync(temp, { recursive: true, force: true });
  }
}

main().then((code) => process.exit(code), (err: unknown) => {
  process.stderr.write(`scenarios: ${(err as Error).stack ?? String(err)}\n`);
  process.exit(1);
});
