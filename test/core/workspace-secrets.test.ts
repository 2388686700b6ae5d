// The secret collector behind every "holds no secret" check (test/support/workspace-secrets.ts): it must
// read the free-form copies of requests a workspace keeps, and fail loudly when a table it reads is gone.
import Database from 'better-sqlite3';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { newCore, removeTempDirs, tempDir } from '../support/builders';
import { workspaceSecrets } from '../support/workspace-secrets';

afterAll(removeTempDirs);

describe('the workspace secret collector', () => {
  it('finds the secret parts of scenario runs and saved requests, and names a table that is gone instead of skipping it', () => {
    const core = newCore();
    const file = core.workspace.dbPath;
    try {
      const db = core.services.ctx.db;
      // An older run's step report and calls, from before the runner redacted them, and a request saved with its credentials.
      const result = { steps: [{ request: { method: 'POST', path: '/agents/device-codes/SVC-AGENT-AB12-CD34/redeem' }, checks: [{ field: 'accessToken', actual: 'gat_0123456789abcdef0123' }] }] };
      const calls = [{ method: 'GET', path: '/agents/me', requestHeaders: { authorization: 'Bearer gat_fedcba9876543210fedc' } }];
      db.prepare(`INSERT INTO scenario_runs (id, run_id, scenario, group_name, title, place, workspace, pass, started_at, duration_ms, result_json, calls_json, events_json)
        VALUES ('ScenarioRun:t.0', 'ScenarioRun:t', 'old', 'Agents', 'Old', 'COPY', NULL, 1, 0, 1, ?, ?, '[]')`).run(JSON.stringify(result), JSON.stringify(calls));
      db.prepare(`INSERT INTO saved_requests (id, name, method, path, query_json, headers_json, body, created_at, updated_at)
        VALUES ('SavedRequest:t', 'Mine', 'POST', '/card-reveals/crt_reveal_token_123456/open', '{}', ?, ?, 0, 0)`)
        .run(JSON.stringify({ Authorization: 'Basic Y2xpZW50OnNob3VsZC1ub3QtbGVhaw==' }), JSON.stringify({ customer: { password: 'hunter2-hunter2' }, note: 'public words' }));
    } finally {
      core.close();
    }
    const found = workspaceSecrets(file);
    expect(found.get('SVC-AGENT-AB12-CD34')).toMatch(/^scenario_runs\.result_json/);
    expect(found.get('gat_0123456789abcdef0123')).toMatch(/^scenario_runs\.result_json/);
    expect(found.get('gat_fedcba9876543210fedc')).toMatch(/^scenario_runs\.calls_json/);
    expect(found.get('crt_reveal_token_123456')).toMatch(/^saved_requests\.path/);
    expect(found.get('Y2xpZW50OnNob3VsZC1ub3QtbGVhaw==')).toMatch(/^saved_requests\.headers_json/);
    expect(found.get('hunter2-hunter2')).toMatch(/^saved_requests\.body/);
    // Only the secret parts: the rest of a copied request is ordinary text a case file may show.
    expect([...found.keys()].some((v) => v.includes('public words') || v.includes('/agents/me'))).toBe(false);

    const renamed = join(tempDir(), 'renamed.sqlite');
    copyFileSync(file, renamed);
    const db = new Database(renamed);
    db.exec('ALTER TABLE agent_tokens RENAME TO agent_access_tokens; DROP TABLE saved_requests');
    db.close();
    expect(() => workspaceSecrets(renamed)).toThrow(/no table "agent_tokens", "saved_requests"/);
  });
});
