// `npm run contract:diff`: a newer upstream document's changes are named, one by one, against what we
// serve; the fixture is edited the way a release would change it (a field, an enum value, an operation
// added, a status removed).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeKey, diffDocuments, type Change } from './diff';
import { ourDocument } from './our-document';
import { readDocument, UPSTREAM_CONTRACT_PATH } from './upstream';

const ROOT = resolve(import.meta.dirname, '../..');
let ours: any;
let dir: string;
beforeAll(async () => {
  ours = await ourDocument();
  dir = mkdtempSync(join(tmpdir(), 'contract-diff-test-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The fixture as a newer release might be: the four kinds of change a client notices. */
function newerRelease(): any {
  const doc = structuredClone(readDocument()) as any;
  const schemas = doc.components.schemas;
  schemas.VaspListResponse.properties.region = { type: 'string' };
  schemas.OutgoingTransactionStatus.enum.push('ON_HOLD');
  doc.paths['/vasps/{vaspId}'] = { get: { operationId: 'getVaspById', responses: { 200: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Vasp' } } } } } } };
  delete doc.paths['/tokens']['get'].responses['400'];
  return doc;
}

describe('contract:diff', () => {
  it('names each change a newer upstream document makes, and nothing else', () => {
    const before = new Set(diffDocuments(readDocument() as any, ours).map(changeKey));
    const release = diffDocuments(newerRelease(), ours).filter((c) => !before.has(changeKey(c)));
    const named = (c: Partial<Change>) => release.some((r) => Object.entries(c).every(([k, v]) => (r as any)[k] === v));
    expect(named({ operation: 'GET /vasps', kind: 'field-added', where: 'response 200', field: 'region', detail: 'string' }), JSON.stringify(release, null, 1)).toBe(true);
    expect(named({ operation: 'GET /vasps/{vaspId}', kind: 'operation-added', detail: 'getVaspById' })).toBe(true);
    expect(named({ operation: 'GET /tokens', kind: 'status-removed', detail: '400' })).toBe(true);
    // The status enum is shared: every operation that answers an outgoing transaction now lists the new value.
    const onHold = release.filter((c) => c.kind === 'enum-added' && c.detail === 'ON_HOLD');
    expect(onHold.map((c) => c.operation)).toEqual(expect.arrayContaining(['POST /transactions/{transactionId}/cancel', 'GET /agents/me/transactions']));
    expect(release.filter((c) => !(c.kind === 'enum-added' && c.detail === 'ON_HOLD'))).toHaveLength(3);
  });

  it('runs as `npm run contract:diff -- NEWER.json --since OLDER.json` and prints the changes grouped by operation', { timeout: 60_000 }, () => {
    const newer = join(dir, 'newer.json');
    writeFileSync(newer, JSON.stringify(newerRelease()));
    const out = execFileSync('npm', ['run', '--silent', 'contract:diff', '--', newer, '--since', UPSTREAM_CONTRACT_PATH.pathname], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
    expect(out).toContain('GET /vasps\n  + field (response 200) region: string');
    expect(out).toContain('GET /vasps/{vaspId}\n  + operation upstream has, we do not serve: getVaspById');
    expect(out).toContain('GET /tokens\n  - status: 400');
    expect(out).toMatch(/GET \/agents\/me\/transactions\n(  .*\n)*  \+ enum values \(response 200\) data\[\]\.status: ON_HOLD/);
  });

  it('without --since lists every difference of today, but never our own extensions', { timeout: 60_000 }, () => {
    const out = execFileSync('npm', ['run', '--silent', 'contract:diff', '--', UPSTREAM_CONTRACT_PATH.pathname], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
    expect(out).toMatch(/differences in \d+ operations\.\n$/);
    expect(out).not.toContain('GET /sandbox/clock');
  });
});
