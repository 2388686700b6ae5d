// SQL of the user's saved scenarios (table user_scenarios, migration 013).
import type { Db } from '../kernel/db';
import { isoOf } from '../kernel/clock';
import { selectPage, type Page } from '../kernel/pagination';
import type { ScenarioStep } from './types';

/** A saved scenario as stored. */
export interface SavedScenario {
  id: string;
  name: string;
  group: string;
  title: string;
  rule: string;
  steps: ScenarioStep[];
  createdAt: string;
  updatedAt: string;
}

interface Row { id: string; name: string; group_name: string; title: string; rule: string; steps_json: string; created_at: number; updated_at: number }

const toSaved = (r: Row): SavedScenario => ({
  id: r.id, name: r.name, group: r.group_name, title: r.title, rule: r.rule, steps: JSON.parse(r.steps_json) as ScenarioStep[],
  createdAt: isoOf(r.created_at), updatedAt: isoOf(r.updated_at),
});

/** Prepared statements over user_scenarios. */
export function scenarioRepo(db: Db) {
  const insert = db.prepare('INSERT INTO user_scenarios (id, name, group_name, title, rule, steps_json, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)');
  const byName = db.prepare<[string], Row>('SELECT * FROM user_scenarios WHERE name = ?');
  const all = db.prepare<[], Row>('SELECT * FROM user_scenarios ORDER BY created_at, id');
  const del = db.prepare('DELETE FROM user_scenarios WHERE id = ?');
  return {
    insert(s: Omit<SavedScenario, 'createdAt' | 'updatedAt'>, atMs: number): void {
      insert.run(s.id, s.name, s.group, s.title, s.rule, JSON.stringify(s.steps), atMs, atMs);
    },
    byName(name: string): SavedScenario | undefined {
      const r = byName.get(name);
      return r && toSaved(r);
    },
    /** Every saved scenario, oldest first (a run of "all" needs them all). */
    all(): SavedScenario[] {
      return all.all().map(toSaved);
    },
    /** One page, newest first, optionally only names or titles containing `q`. */
    page(limit: number, cursor: string | undefined, q: string | undefined): Page<SavedScenario> {
      const where = q ? ['(name LIKE ? OR title LIKE ?)'] : [];
      const params = q ? [`%${q}%`, `%${q}%`] : [];
      return selectPage<Row, SavedScenario>(db, {
        select: 'SELECT * FROM user_scenarios', from: 'FROM user_scenarios', where, params, limit, cursor,
        order: 'desc', keyColumn: 'created_at', idColumn: 'id', map: toSaved, position: (r) => ({ k: r.created_at, id: r.id }),
      });
    },
    remove(id: string): boolean {
      return del.run(id).changes > 0;
    },
  };
}
