// A job whose write the disk refuses is not a failed job: it stays PENDING and runs once space returns.
// The refusal is SQLite's own SQLITE_FULL: `max_page_count` at the file's size makes SQLite refuse to grow
// it exactly as a full volume does (the tmpfs version is test/faults/full-disk.test.ts).
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import type { Core } from '../../core/index';
import { newCore, removeTempDirs } from '../support/builders';

const cores: Core[] = [];
afterEach(() => {
  vi.restoreAllMocks();
  for (const c of cores.splice(0)) c.close();
});
afterAll(removeTempDirs);

/** A core with a job kind that writes 256 kB, one such job due in a second, and a way to make the file full or not. */
function coreWithBigJob() {
  const core = newCore();
  cores.push(core);
  const { scheduler, db, transaction, clock } = core.services.ctx;
  db.exec('CREATE TABLE job_payloads (blob BLOB NOT NULL)');
  scheduler.register('test.bigWrite', () => void db.prepare('INSERT INTO job_payloads (blob) VALUES (?)').run(Buffer.alloc(256 * 1024)));
  const id = transaction(() => scheduler.schedule('test.bigWrite', clock.nowMs() + 1_000, {}));
  const status = () => (db.prepare('SELECT status FROM jobs WHERE id = ?').get(id) as { status: string }).status;
  const defaultMax = db.pragma('max_page_count', { simple: true }) as number;
  return {
    core, status,
    full: () => db.pragma(`max_page_count = ${db.pragma('page_count', { simple: true }) as number}`),
    spaceBack: () => db.pragma(`max_page_count = ${defaultMax}`),
  };
}

describe('due jobs on a full disk', () => {
  it('a job the disk refuses stays PENDING (never FAILED by a full disk) and runs once space returns', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { core, status, full, spaceBack } = coreWithBigJob();
    full();
    expect(() => core.services.ctx.scheduler.advance(2)).toThrow(/full/);
    expect(status()).toBe('PENDING');
    spaceBack();
    core.services.ctx.scheduler.advance(2);
    expect(status()).toBe('DONE');
  });

  it('a clock advance over the API is refused with 507 INSUFFICIENT_STORAGE, and its job runs on the next advance', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { core, status, full, spaceBack } = coreWithBigJob();
    full();
    const refused = await core.callApi({ method: 'POST', path: '/sandbox/clock/advance', body: { seconds: 2 } });
    expect(refused.status).toBe(507);
    expect(refused.body).toMatchObject({ status: 507, code: 'INSUFFICIENT_STORAGE', message: expect.stringMatching(/disk holding the workspace is full/) });
    expect(status()).toBe('PENDING');
    spaceBack();
    const advanced = await core.callApi({ method: 'POST', path: '/sandbox/clock/advance', body: { seconds: 2 } });
    expect(advanced.status, JSON.stringify(advanced.body)).toBe(200);
    expect(status()).toBe('DONE');
  });
});
