// What an upstream OpenAPI document has that ours does not, and the other way round, operation by
// operation: operations, response statuses, request and response fields (with their types), and enum
// values. `npm run contract:diff -- NEWER.json` prints it (diff-cli.ts), so the next upstream release
// reads as a list.

type Schema = Record<string, any>;
type Doc = { paths: Record<string, Record<string, any>>; components?: Record<string, any> };

/** One difference, named so a reader (and a test) can find it. */
export interface Change {
  /** `POST /quotes` */
  operation: string;
  kind: 'operation-added' | 'operation-removed' | 'status-added' | 'status-removed' | 'field-added' | 'field-removed' | 'type-changed' | 'enum-added' | 'enum-removed';
  /** `request`, `response 201`, or empty for operations and statuses. */
  where: string;
  /** A field path such as `destination.accountId`, `items[].status`, `?limit` (query) or `{id}` (path). */
  field?: string;
  /** The status, the types or the enum values concerned. */
  detail: string;
}

interface FieldInfo { types: Set<string>; enum?: Set<string> }
type Fields = Map<string, FieldInfo>;

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
/** How deep a schema is walked: deeper fields are rare and recursive schemas would not end. */
const MAX_DEPTH = 8;

function resolve(doc: Doc, s: Schema | undefined, seen: string[]): [Schema | undefined, string[]] {
  let cur = s;
  let path = seen;
  while (cur && typeof cur.$ref === 'string') {
    const ref: string = cur.$ref;
    if (path.includes(ref)) return [undefined, path];
    path = [...path, ref];
    cur = ref.split('/').slice(1).reduce<any>((o, k) => o?.[k.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
  }
  return [cur, path];
}

function typesOf(s: Schema): string[] {
  if (Array.isArray(s.type)) return s.type.filter((t: string) => t !== 'null');
  if (typeof s.type === 'string') return [s.type];
  if (s.properties) return ['object'];
  if (s.items) return ['array'];
  if (s.const !== undefined) return [typeof s.const];
  return [];
}

function record(out: Fields, path: string, s: Schema): void {
  const info = out.get(path) ?? { types: new Set<string>() };
  for (const t of typesOf(s)) info.types.add(t);
  const values = s.enum ?? (s.const !== undefined ? [s.const] : undefined);
  if (Array.isArray(values)) {
    info.enum ??= new Set<string>();
    for (const v of values) if (v !== null) info.enum.add(String(v));
  }
  out.set(path, info);
}

/** Every field path under a schema, with the union of its types and enum values over allOf/oneOf/anyOf branches. */
function walk(doc: Doc, schema: Schema | undefined, path: string, out: Fields, seen: string[], depth: number): void {
  const [s, refs] = resolve(doc, schema, seen);
  if (!s || depth > MAX_DEPTH) return;
  for (const key of ['allOf', 'oneOf', 'anyOf'] as const) {
    if (Array.isArray(s[key])) for (const branch of s[key]) walk(doc, branch, path, out, refs, depth + 1);
  }
  if (path) record(out, path, s);
  if (s.properties) {
    for (const [name, child] of Object.entries<Schema>(s.properties)) walk(doc, child, path ? `${path}.${name}` : name, out, refs, depth + 1);
  }
  if (s.items) walk(doc, s.items, `${path}[]`, out, refs, depth + 1);
}

function schemaOf(content: Record<string, any> | undefined): Schema | undefined {
  if (!content) return undefined;
  return (content['application/json'] ?? content['multipart/form-data'] ?? Object.values(content)[0])?.schema;
}

function requestFields(doc: Doc, op: any): Fields {
  const out: Fields = new Map();
  for (const p of op.parameters ?? []) {
    const [param] = resolve(doc, p, []);
    if (!param || (param.in !== 'query' && param.in !== 'path')) continue;
    const name = param.in === 'query' ? `?${param.name}` : `{${param.name}}`;
    walk(doc, param.schema, name, out, [], 0);
    if (!out.has(name)) out.set(name, { types: new Set() });
  }
  const [body] = resolve(doc, op.requestBody, []);
  walk(doc, schemaOf(body?.content), '', out, [], 0);
  return out;
}

function responseFields(doc: Doc, op: any, status: string): Fields {
  const out: Fields = new Map();
  const [r] = resolve(doc, op.responses?.[status], []);
  walk(doc, schemaOf(r?.content), '', out, [], 0);
  return out;
}

function operationsOf(doc: Doc): Map<string, any> {
  const out = new Map<string, any>();
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) if (METHODS.includes(method)) out.set(`${method.toUpperCase()} ${path}`, op);
  }
  return out;
}

const list = (xs: Iterable<string>) => [...xs].sort().join(', ');

function compareFields(operation: string, where: string, theirs: Fields, ours: Fields, out: Change[]): void {
  for (const [field, t] of theirs) {
    const o = ours.get(field);
    if (!o) {
      out.push({ operation, kind: 'field-added', where, field, detail: list(t.types) || 'any' });
      continue;
    }
    if (t.types.size && o.types.size && list(t.types) !== list(o.types)) out.push({ operation, kind: 'type-changed', where, field, detail: `${list(o.types)} -> ${list(t.types)}` });
    if (t.enum && o.enum) {
      const added = [...t.enum].filter((v) => !o.enum!.has(v));
      const removed = [...o.enum].filter((v) => !t.enum!.has(v));
      // One change per value, so a release's new value stands out from the values we already differ by.
      for (const v of added.sort()) out.push({ operation, kind: 'enum-added', where, field, detail: v });
      for (const v of removed.sort()) out.push({ operation, kind: 'enum-removed', where, field, detail: v });
    }
  }
  for (const field of ours.keys()) if (!theirs.has(field)) out.push({ operation, kind: 'field-removed', where, field, detail: list(ours.get(field)!.types) || 'any' });
}

/**
 * The differences of an upstream document (`theirs`) against ours, in document order: operations it has
 * that we do not serve (and ours it lacks, unless marked `x-extension`), then for each shared operation
 * its 2xx/4xx statuses, request fields (query, path and body) and, for each success status both declare,
 * the response fields. Server errors (5xx) are left out: no client codes against them.
 */
export function diffDocuments(theirs: Doc, ours: Doc): Change[] {
  const out: Change[] = [];
  const mine = operationsOf(ours);
  const upstream = operationsOf(theirs);
  for (const [key, op] of upstream) {
    const own = mine.get(key);
    if (!own) {
      out.push({ operation: key, kind: 'operation-added', where: '', detail: op.operationId ?? '' });
      continue;
    }
    const codes = (o: { responses?: Record<string, unknown> }) => new Set(Object.keys(o.responses ?? {}).filter((s) => Number(s) < 500));
    const [t, m] = [codes(op), codes(own)];
    for (const s of t) if (!m.has(s)) out.push({ operation: key, kind: 'status-added', where: '', detail: s });
    for (const s of m) if (!t.has(s)) out.push({ operation: key, kind: 'status-removed', where: '', detail: s });
    compareFields(key, 'request', requestFields(theirs, op), requestFields(ours, own), out);
    for (const s of t) {
      if (!m.has(s) || Number(s) >= 300) continue;
      compareFields(key, `response ${s}`, responseFields(theirs, op, s), responseFields(ours, own, s), out);
    }
  }
  for (const [key, op] of mine) if (!upstream.has(key) && !op['x-extension']) out.push({ operation: key, kind: 'operation-removed', where: '', detail: op.operationId ?? '' });
  return out;
}

/** A stable one-line name of a change, for comparing two diffs. */
export function changeKey(c: Change): string {
  return [c.operation, c.kind, c.where, c.field ?? '', c.detail].join(' | ');
}

const WORDS: Record<Change['kind'], string> = {
  'operation-added': '+ operation upstream has, we do not serve',
  'operation-removed': '- operation we serve, upstream no longer has',
  'status-added': '+ status',
  'status-removed': '- status',
  'field-added': '+ field',
  'field-removed': '- field',
  'type-changed': '~ type',
  'enum-added': '+ enum values',
  'enum-removed': '- enum values',
};

/** The changes as readable text, grouped by operation. */
export function formatChanges(changes: Change[]): string {
  if (!changes.length) return 'No differences: we serve what the upstream document declares.\n';
  const groups = new Map<string, Change[]>();
  for (const c of changes) groups.set(c.operation, [...(groups.get(c.operation) ?? []), c]);
  const lines: string[] = [];
  for (const [operation, cs] of groups) {
    lines.push(operation);
    for (const c of cs) lines.push(`  ${WORDS[c.kind]}${c.where ? ` (${c.where})` : ''}${c.field ? ` ${c.field}` : ''}${c.detail ? `: ${c.detail}` : ''}`);
  }
  lines.push('', `${changes.length} differences in ${groups.size} operations.`);
  return `${lines.join('\n')}\n`;
}
