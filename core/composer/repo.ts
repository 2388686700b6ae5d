import { randomUUID } from 'node:crypto';
import type { Ctx } from '../context';
import { conflict, notFound } from '../kernel/errors';
import { selectPage, type Page } from '../kernel/pagination';

/** One key/value row of a saved request's query or headers (order and repeats kept, as typed). */
export interface NameValue {
  name: string;
  value: string;
}

/** A request the composer saved: what to send, never a credential. */
export interface SavedRequest {
  id: string;
  name: string;
  collectionId: string | null;
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** Path below the versioned base, e.g. `/quotes`. */
  path: string;
  query: NameValue[];
  headers: NameValue[];
  /** The JSON body as typed (kept as text so that a draft with a mistake is saved as it is). */
  body: string | null;
  createdAt: string;
  updatedAt: string;
}

/** A named group of saved requests, with how many it holds. */
export interface SavedRequestCollection {
  id: string;
  name: string;
  requestCount: number;
  createdAt: string;
}

/** What a save writes (the id and times are the repository's). */
export type SavedRequestFields = Omit<SavedRequest, 'id' | 'createdAt' | 'updatedAt'>;

interface RequestRow {
  seq: number;
  id: string;
  collection_id: string | null;
  name: string;
  method: SavedRequest['method'];
  path: string;
  query_json: string;
  headers_json: string;
  body: string | null;
  created_at: number;
  updated_at: number;
}

interface CollectionRow {
  id: string;
  name: string;
  created_at: number;
  request_count: number;
}

const iso = (ms: number) => new Date(ms).toISOString();

function toRequest(r: RequestRow): SavedRequest {
  return {
    id: r.id, name: r.name, collectionId: r.collection_id, method: r.method, path: r.path,
    query: JSON.parse(r.query_json) as NameValue[], headers: JSON.parse(r.headers_json) as NameValue[], body: r.body,
    createdAt: iso(r.created_at), updatedAt: iso(r.updated_at),
  };
}

const toCollection = (r: CollectionRow): SavedRequestCollection => ({ id: r.id, name: r.name, requestCount: r.request_count, createdAt: iso(r.created_at) });

/** SQL and row mapping of saved requests and collections. */
export function savedRequestRepo(ctx: Ctx) {
  const { db } = ctx;
  // Why random ids (not the kernel's time-ordered ones): lists follow the row's seq, and a saved request is
  // not one of the API's resource types.
  const newId = (type: string) => `${type}:${randomUUID()}`;

  function get(id: string): SavedRequest {
    const row = db.prepare('SELECT * FROM saved_requests WHERE id = ?').get(id) as RequestRow | undefined;
    if (!row) throw notFound('SAVED_REQUEST_NOT_FOUND', `No saved request ${id}: it may have been deleted`);
    return toRequest(row);
  }

  function collection(id: string): SavedRequestCollection {
    const row = db.prepare('SELECT c.*, (SELECT count(*) FROM saved_requests r WHERE r.collection_id = c.id) AS request_count FROM saved_request_collections c WHERE c.id = ?').get(id) as CollectionRow | undefined;
    if (!row) throw notFound('COLLECTION_NOT_FOUND', `No collection ${id}: it may have been deleted`);
    return toCollection(row);
  }

  function nameTaken(name: string, except?: string): boolean {
    return db.prepare('SELECT 1 FROM saved_request_collections WHERE name = ? AND id IS NOT ?').get(name, except ?? null) !== undefined;
  }

  return {
    get,
    collection,
    /** Saves a new request, or replaces the fields of an existing one. */
    save(fields: SavedRequestFields, id?: string): SavedRequest {
      if (fields.collectionId) collection(fields.collectionId);
      const now = ctx.clock.nowMs();
      const values = [fields.collectionId, fields.name, fields.method, fields.path, JSON.stringify(fields.query), JSON.stringify(fields.headers), fields.body];
      if (id) {
        get(id);
        db.prepare('UPDATE saved_requests SET collection_id = ?, name = ?, method = ?, path = ?, query_json = ?, headers_json = ?, body = ?, updated_at = ? WHERE id = ?').run(...values, now, id);
        return get(id);
      }
      const newOne = newId('SavedRequest');
      db.prepare('INSERT INTO saved_requests (collection_id, name, method, path, query_json, headers_json, body, created_at, updated_at, id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)').run(...values, now, now, newOne);
      return get(newOne);
    },
    rename(id: string, name: string): SavedRequest {
      get(id);
      db.prepare('UPDATE saved_requests SET name = ?, updated_at = ? WHERE id = ?').run(name, ctx.clock.nowMs(), id);
      return get(id);
    },
    move(id: string, collectionId: string | null): SavedRequest {
      get(id);
      if (collectionId) collection(collectionId);
      db.prepare('UPDATE saved_requests SET collection_id = ?, updated_at = ? WHERE id = ?').run(collectionId, ctx.clock.nowMs(), id);
      return get(id);
    },
    delete(id: string): void {
      get(id);
      db.prepare('DELETE FROM saved_requests WHERE id = ?').run(id);
    },
    /** Saved requests, newest first; in one collection, or only the ungrouped ones (`NONE`), or named like `q`. */
    list(f: { collectionId?: string; q?: string; limit: number; cursor?: string }): Page<SavedRequest> {
      const where: string[] = [];
      const params: unknown[] = [];
      if (f.collectionId === 'NONE') where.push('collection_id IS NULL');
      else if (f.collectionId) (where.push('collection_id = ?'), params.push(f.collectionId));
      if (f.q) (where.push("(name LIKE ? ESCAPE '\\' OR path LIKE ? ESCAPE '\\')"), params.push(...Array(2).fill(`%${f.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)));
      return selectPage<RequestRow, SavedRequest>(db, {
        select: 'SELECT * FROM saved_requests', from: 'FROM saved_requests', where, params, limit: f.limit, cursor: f.cursor,
        order: 'desc', keyColumn: 'seq', idColumn: 'id', map: toRequest, position: (r) => ({ k: r.seq, id: r.id }),
      });
    },
    /** Collections by name. */
    collections(f: { limit: number; cursor?: string }): Page<SavedRequestCollection> {
      return selectPage<CollectionRow, SavedRequestCollection>(db, {
        select: 'SELECT c.*, (SELECT count(*) FROM saved_requests r WHERE r.collection_id = c.id) AS request_count FROM saved_request_collections c',
        from: 'FROM saved_request_collections c', where: [], params: [], limit: f.limit, cursor: f.cursor,
        order: 'asc', keyColumn: 'c.name', idColumn: 'c.id', map: toCollection, position: (r) => ({ k: r.name, id: r.id }),
      });
    },
    createCollection(name: string): SavedRequestCollection {
      if (nameTaken(name)) throw conflict(`A collection named “${name}” already exists`, 'COLLECTION_NAME_TAKEN', { name });
      const id = newId('RequestCollection');
      db.prepare('INSERT INTO saved_request_collections (id, name, created_at) VALUES (?, ?, ?)').run(id, name, ctx.clock.nowMs());
      return collection(id);
    },
    renameCollection(id: string, name: string): SavedRequestCollection {
      collection(id);
      if (nameTaken(name, id)) throw conflict(`A collection named “${name}” already exists`, 'COLLECTION_NAME_TAKEN', { name });
      db.prepare('UPDATE saved_request_collections SET name = ? WHERE id = ?').run(name, id);
      return collection(id);
    },
    /** Deletes a collection; its requests stay, ungrouped. */
    deleteCollection(id: string): void {
      collection(id);
      db.prepare('DELETE FROM saved_request_collections WHERE id = ?').run(id);
    },
  };
}

/** The saved-request repository's type. */
export type SavedRequestRepo = ReturnType<typeof savedRequestRepo>;
