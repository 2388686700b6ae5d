import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mount } from '@vue/test-utils';
import StatusTag from '../../renderer/components/common/StatusTag.vue';
import { STATUS_TONES, httpStatusClass, statusTone } from '../../renderer/lib/status';

/** Every value allowed in a status-like column by the core's migrations (`status`, `*_status`, `mode`). */
function statusesInMigrations(): string[] {
  const dir = join(__dirname, '../../core/kernel/migrations');
  const found = new Set<string>();
  for (const file of readdirSync(dir).filter((f) => /^\d+-.*\.ts$/.test(f))) {
    const sql = readFileSync(join(dir, file), 'utf8');
    for (const m of sql.matchAll(/CHECK \((\w*status|mode) IN \(([^)]*)\)\)/g)) {
      for (const v of (m[2] ?? '').matchAll(/'([^']+)'/g)) found.add(v[1]!);
    }
  }
  return [...found];
}

describe('the one status colour map', () => {
  it('covers every status the core can store', () => {
    const statuses = statusesInMigrations();
    expect(statuses.length).toBeGreaterThan(15);
    const missing = statuses.filter((s) => !(s in STATUS_TONES));
    expect(missing).toEqual([]);
  });

  it('colours good, waiting, failed and inert statuses apart', () => {
    expect(statusTone('ACTIVE')).toBe('success');
    expect(statusTone('APPROVED')).toBe('success');
    expect(statusTone('PENDING')).toBe('warning');
    expect(statusTone('REJECTED')).toBe('error');
    expect(statusTone('NOT_MATCHED')).toBe('error');
    expect(statusTone('CLOSED')).toBe('default');
  });

  it('gives HTTP status classes their own colours', () => {
    expect(statusTone(httpStatusClass(201))).toBe('success');
    expect(statusTone(httpStatusClass(404))).toBe('warning');
    expect(statusTone(httpStatusClass(503))).toBe('error');
  });

  it('shows an unknown status in grey instead of failing', () => {
    expect(statusTone('SOMETHING_NEW')).toBe('default');
  });

  it('renders a StatusTag with the tone of its status', () => {
    const w = mount(StatusTag, { props: { status: 'PENDING_OWNERSHIP_VERIFICATION' } });
    expect(w.attributes('data-tone')).toBe('warning');
    expect(w.text()).toBe('Pending ownership verification');
    expect(w.classes()).toEqual(expect.arrayContaining(['status-tag', 'tone-warning']));
    const code = mount(StatusTag, { props: { status: '4xx', label: 404 } });
    expect(code.text()).toBe('404');
    expect(code.attributes('data-tone')).toBe('warning');
  });
});
