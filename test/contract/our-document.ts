// Our served OpenAPI document, built by createCore over a throwaway workspace (no server is started).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCore } from '../../core/index';
import { API_BASE } from '../../core/api/types';

/** The document `GET /openapi.json` serves, as JSON. */
export async function ourDocument(): Promise<any> {
  const dir = mkdtempSync(join(tmpdir(), 'contract-diff-'));
  const core = createCore({ dataDir: dir, clock: { mode: 'FROZEN', frozenAt: '2026-01-01T00:00:00.000Z' } });
  try {
    const r = await core.api.fetch(new Request(`http://127.0.0.1${API_BASE}/openapi.json`));
    return await r.json();
  } finally {
    core.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
