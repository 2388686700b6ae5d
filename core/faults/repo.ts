import type { Ctx } from '../context';
import { isoOf } from '../kernel/clock';
import { notFound } from '../kernel/errors';
import { selectPage, type Page } from '../kernel/pagination';
import type { CreateFaultRule, FaultRule, UpdateFaultRule } from './schema';

interface RuleRow {
  seq: number; id: string; name: string; method: FaultRule['method']; path_pattern: string; header_name: string | null; header_value: string | null;
  body_contains: string | null; status: number | null; error_code: string | null; error_message: string | null; retry_after_seconds: number | null;
  latency_ms: number; nth_call: number | null; every_nth: number | null; enabled: 0 | 1; match_count: number; hit_count: number;
  last_hit_at: number | null; created_at: number;
}

function toRule(r: RuleRow): FaultRule {
  return {
    id: r.id, name: r.name, method: r.method, pathPattern: r.path_pattern, headerName: r.header_name, headerValue: r.header_value,
    bodyContains: r.body_contains, status: r.status, errorCode: r.error_code, errorMessage: r.error_message, retryAfterSeconds: r.retry_after_seconds,
    latencyMs: r.latency_ms, nthCall: r.nth_call, everyNth: r.every_nth, enabled: r.enabled === 1, matchCount: r.match_count, hitCount: r.hit_count,
    lastHitAt: r.last_hit_at === null ? null : isoOf(r.last_hit_at), createdAt: isoOf(r.created_at),
  };
}

const COLUMNS: Record<keyof Omit<UpdateFaultRule, 'resetCounts'>, string> = {
  name: 'name', method: 'method', pathPattern: 'path_pattern', headerName: 'header_name', headerValue: 'header_value', bodyContains: 'body_contains',
  status: 'status', errorCode: 'error_code', errorMessage: 'error_message', retryAfterSeconds: 'retry_after_seconds', latencyMs: 'latency_ms',
  nthCall: 'nth_call', everyNth: 'every_nth', enabled: 'enabled',
};

/** The label a rule gets when it is given none: what it matches. */
export function defaultRuleName(method: string, pathPattern: string): string {
  return `${method === 'ANY' ? 'Any method' : method} ${pathPattern}`;
}

/** Storage of the workspace's fault rules. */
export function faultRuleRepo(ctx: Ctx) {
  const byId = ctx.db.prepare<[string], RuleRow>('SELECT * FROM fault_rules WHERE id = ?');
  const enabled = ctx.db.prepare<[], RuleRow>('SELECT * FROM fault_rules WHERE enabled = 1 ORDER BY seq');
  const countMatch = ctx.db.prepare<[string], { match_count: number }>('UPDATE fault_rules SET match_count = match_count + 1 WHERE id = ? RETURNING match_count');
  const countHit = ctx.db.prepare('UPDATE fault_rules SET hit_count = hit_count + 1, last_hit_at = ? WHERE id = ?');

  function get(id: string): FaultRule {
    const r = byId.get(id);
    if (!r) throw notFound('NOT_FOUND', `Fault rule ${id} not found`);
    return toRule(r);
  }

  return {
    get,
    /** A keyset page of rules in the order they are tried (oldest first). */
    list(limit: number, cursor?: string): Page<FaultRule> {
      return selectPage<RuleRow, FaultRule>(ctx.db, {
        select: 'SELECT * FROM fault_rules', from: 'FROM fault_rules', where: [], params: [], limit, cursor,
        order: 'asc', keyColumn: 'seq', idColumn: 'id', map: toRule, position: (r) => ({ k: r.seq, id: r.id }),
      });
    },
    /** The rules that are on, in the order they are tried. */
    enabled: (): FaultRule[] => enabled.all().map(toRule),
    create(f: CreateFaultRule): FaultRule {
      const id = ctx.ids('FaultRule');
      ctx.transaction(() => ctx.db.prepare(
        `INSERT INTO fault_rules (id, name, method, path_pattern, header_name, header_value, body_contains, status, error_code, error_message,
           retry_after_seconds, latency_ms, nth_call, every_nth, enabled, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(id, f.name ?? defaultRuleName(f.method, f.pathPattern), f.method, f.pathPattern, f.headerName ?? null, f.headerValue ?? null, f.bodyContains ?? null,
        f.status ?? null, f.errorCode ?? null, f.errorMessage ?? null, f.retryAfterSeconds ?? null, f.latencyMs, f.nthCall ?? null, f.everyNth ?? null,
        f.enabled ? 1 : 0, ctx.clock.nowMs()));
      return get(id);
    },
    /** Changes the given fields (a field set to null is cleared); the caller checks the result still makes sense. */
    update(id: string, u: UpdateFaultRule): FaultRule {
      get(id);
      const sets: string[] = [];
      const params: unknown[] = [];
      for (const [key, column] of Object.entries(COLUMNS) as [keyof typeof COLUMNS, string][]) {
        const v = u[key];
        if (v === undefined) continue;
        sets.push(`${column} = ?`);
        params.push(typeof v === 'boolean' ? (v ? 1 : 0) : v);
      }
      if (u.resetCounts) sets.push('match_count = 0', 'hit_count = 0', 'last_hit_at = NULL');
      if (sets.length) ctx.transaction(() => ctx.db.prepare(`UPDATE fault_rules SET ${sets.join(', ')} WHERE id = ?`).run(...params, id));
      return get(id);
    },
    remove(id: string): void {
      get(id);
      ctx.transaction(() => ctx.db.prepare('DELETE FROM fault_rules WHERE id = ?').run(id));
    },
    /** Counts one matching call; returns the rule's match count with it. */
    countMatch: (id: string): number => ctx.transaction(() => countMatch.get(id)!.match_count),
    /** Counts one call the rule acted on. */
    countHit: (id: string): void => void ctx.transaction(() => countHit.run(ctx.clock.nowMs(), id)),
  };
}

/** The fault rules' storage. */
export type FaultRuleRepo = ReturnType<typeof faultRuleRepo>;
