// `npm run contract:diff -- NEWER.json [--since OLDER.json]`: what a newer upstream document adds or changes
// against what we serve (our OpenAPI document, built by createCore; no server is started). With --since,
// only the differences the older document did not already have are printed: the release's own changes.
import { readFileSync } from 'node:fs';
import { changeKey, diffDocuments, formatChanges } from './diff';
import { ourDocument } from './our-document';

async function main(argv: string[]): Promise<number> {
  const since = argv.indexOf('--since');
  const olderPath = since >= 0 ? argv[since + 1] : undefined;
  const newerPath = argv.find((a, i) => !a.startsWith('--') && (since < 0 || i !== since + 1));
  if (!newerPath || (since >= 0 && !olderPath)) {
    process.stderr.write('usage: npm run contract:diff -- NEWER.json [--since OLDER.json]\n');
    return 2;
  }
  const ours = await ourDocument();
  let changes = diffDocuments(JSON.parse(readFileSync(newerPath, 'utf8')), ours);
  if (olderPath) {
    const known = new Set(diffDocuments(JSON.parse(readFileSync(olderPath, 'utf8')), ours).map(changeKey));
    changes = changes.filter((c) => !known.has(changeKey(c)));
  }
  process.stdout.write(formatChanges(changes));
  return 0;
}

// exitCode, not exit(): a long list written to a pipe must drain before the process ends.
main(process.argv.slice(2)).then((code) => { process.exitCode = code; }, (err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exitCode = 1;
});
