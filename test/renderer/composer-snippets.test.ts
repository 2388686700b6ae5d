// @vitest-environment node
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../core/index';
import { newCore, removeTempDirs, startServer, type TestServer } from '../support/builders';
import { asLogged, draftFromLogged, type ComposerDraft } from '../../renderer/lib/composer';
import { fetchSnippet, httpieCommand, snippetOf } from '../../renderer/lib/composer-snippets';

// The exporters' output run for real where the tool exists on this machine (curl, node's fetch) against a
// real loopback server, with the credentials only in the environment; HTTPie is not installed here, so its
// command is checked as text.
const run = promisify(execFile);
let core: Core;
let srv: TestServer;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  core = newCore();
  srv = await startServer(core);
  const creds = core.workspace.initialCredentials!;
  env = { ...process.env, CLIENT_ID: creds.clientId, CLIENT_SECRET: creds.clientSecret };
});
afterAll(async () => {
  await srv?.close();
  core?.close();
  removeTempDirs();
});

function draft(over: Partial<ComposerDraft> = {}): ComposerDraft {
  return {
    method: 'POST', path: '/tokens', query: [], headers: [{ name: 'X-Trace', value: "it's traced" }],
    body: JSON.stringify({ name: "Reporting's token", permissions: ['VIEW'] }, null, 2),
    originalKey: null, freshKey: `key-${Math.random()}`, keyChoice: 'fresh', ...over,
  };
}

async function sh(command: string): Promise<{ status: number; body: { id: string; name: string } }> {
  const { stdout } = await run('/bin/sh', ['-c', `${command} -sS -w '\\n%{http_code}'`], { env });
  const lines = stdout.trim().split('\n');
  return { status: Number(lines.at(-1)), body: JSON.parse(lines.slice(0, -1).join('\n')) };
}

describe('the composer exports a request', () => {
  it('as curl that creates the token once, and replays with the same Idempotency-Key', async () => {
    const call = asLogged(draft());
    const curl = snippetOf('curl', call, srv.origin);
    expect(curl).not.toContain(env['CLIENT_SECRET']);
    const first = await sh(curl);
    expect(first.status).toBe(201);
    expect(first.body.name).toBe("Reporting's token");
    const again = await sh(curl);
    expect(again.body.id).toBe(first.body.id);
  });

  it('as a fetch snippet that runs in Node with the credentials from the environment', async () => {
    const code = fetchSnippet(asLogged(draft({ freshKey: 'fetch-key-1' })), srv.origin);
    expect(code).toContain('process.env.CLIENT_ID');
    expect(code).not.toContain(env['CLIENT_SECRET']);
    const file = join(mkdtempSync(join(tmpdir(), 'composer-snippet-')), 'snippet.mjs');
    writeFileSync(file, code);
    const { stdout } = await run(process.execPath, [file], { env });
    expect(stdout).toMatch(/^201 /);
    expect(stdout).toContain("Reporting's token");
  });

  it('as an HTTPie command with the credentials from the environment, headers quoted and the body raw', () => {
    const text = httpieCommand(asLogged(draft({ freshKey: 'k-9' })), 'http://127.0.0.1:4100');
    expect(text.split(' \\\n  ')).toEqual([
      `http --auth "$CLIENT_ID:$CLIENT_SECRET" POST 'http://127.0.0.1:4100/2025-10-13/tokens'`,
      `'Content-Type:application/json'`,
      `'X-Trace:it'\\''s traced'`,
      `'Idempotency-Key:k-9'`,
      `--raw '${JSON.stringify({ name: "Reporting's token", permissions: ['VIEW'] }, null, 2).replace(/'/g, `'\\''`)}'`,
    ]);
  });

  it('never carries a logged call’s credentials or redacted values', () => {
    const logged = draftFromLogged({
      method: 'POST', path: '/2025-10-13/quotes', query: 'x=1',
      requestHeaders: { authorization: 'Basic Token:1:[redacted]', 'idempotency-key': 'orig-1', 'x-secret': '[redacted]', 'x-kept': 'yes', host: 'h' },
      requestBody: '{"a":1}',
    });
    expect(logged).toMatchObject({ path: '/quotes', query: [{ name: 'x', value: '1' }], headers: [{ name: 'x-kept', value: 'yes' }], originalKey: 'orig-1', keyChoice: 'original' });
    for (const kind of ['curl', 'httpie', 'fetch'] as const) {
      const text = snippetOf(kind, asLogged(logged), 'http://127.0.0.1:1');
      expect(text).not.toMatch(/redacted|Token:1/);
      expect(text).toContain('orig-1');
    }
  });
});
