import { exampleFromSchema, isObject, isRef, resolvePointer } from './openapi-schema';
import {
  HTTP_METHODS, type ExampleObject, type HttpMethod, type MediaTypeObject, type OpenApiDocument, type OperationObject, type ParameterLocation,
  type ParameterObject, type PathItemObject, type Reference, type RequestBodyObject, type ResponseObject, type SchemaObject, type SecuritySchemeObject,
} from './openapi-document';

/**
 * Pure helpers of the console's API reference over the served OpenAPI 3.1 document: its operations
 * grouped by tag and filtered, their parameters, bodies, responses and security, and a curl command
 * for each. The document's types live in openapi-document.ts and the schema tree in
 * openapi-schema.ts; this module re-exports both, so callers import from here.
 */

export { constraintsOf, describeSchema, exampleFromSchema, refName, resolvePointer, schemaChildren } from './openapi-schema';
export type { DescribeOptions, Present, SchemaView } from './openapi-schema';
export { HTTP_METHODS } from './openapi-document';
export type * from './openapi-document';

/** Checks that a fetched value is an OpenAPI 3.x document (the fields the reference relies on). */
export function asOpenApiDocument(raw: unknown): OpenApiDocument {
  if (!isObject(raw) || typeof raw['openapi'] !== 'string' || !raw['openapi'].startsWith('3.')) {
    throw new Error('The answer of GET /openapi.json is not an OpenAPI 3 document');
  }
  if (raw['paths'] !== undefined && !isObject(raw['paths'])) throw new Error('The OpenAPI document has no paths object');
  const info = isObject(raw['info']) ? raw['info'] : {};
  return { ...raw, info: { title: String(info['title'] ?? 'API'), version: String(info['version'] ?? ''), ...info } } as OpenApiDocument;
}

/** Resolves a value that may be a `$ref` (parameters, bodies, responses, examples); undefined when dangling. */
export function deref<T extends object>(doc: OpenApiDocument, value: T | Reference | undefined): T | undefined {
  let v: unknown = value;
  for (let hops = 0; isRef(v) && hops < 32; hops++) v = resolvePointer(doc, v.$ref);
  return isObject(v) && !isRef(v) ? (v as T) : undefined;
}

/** One operation with what the list shows about it. */
export interface OperationEntry {
  /** The operation id, or `METHOD path` when the document gives none: what a deep link names. */
  key: string;
  method: HttpMethod;
  path: string;
  summary: string;
  description?: string;
  tags: string[];
  permission?: string;
  deprecated: boolean;
  operation: OperationObject;
  pathItem: PathItemObject;
}

/** Every operation of the document, in the document's order. */
export function listOperations(doc: OpenApiDocument): OperationEntry[] {
  const out: OperationEntry[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    if (!isObject(item)) continue;
    // The path item's own key order is the document's order (the order the routes were declared).
    for (const method of Object.keys(item).filter((k): k is HttpMethod => (HTTP_METHODS as readonly string[]).includes(k))) {
      const op: OperationObject | undefined = item[method];
      if (!op || typeof op !== 'object') continue;
      out.push({
        key: op.operationId ?? `${method.toUpperCase()} ${path}`, method, path,
        summary: op.summary ?? item.summary ?? '', description: op.description ?? item.description,
        tags: op.tags?.length ? op.tags : [], permission: op['x-permission'], deprecated: op.deprecated === true,
        operation: op, pathItem: item,
      });
    }
  }
  return out;
}

/** The operations under one tag. */
export interface OperationGroup {
  tag: string;
  description?: string;
  operations: OperationEntry[];
}

/** The group name of operations that have no tag. */
export const UNTAGGED = 'Other operations';

/**
 * Groups operations by tag: the document's `tags` order first, then tags met only on operations in
 * the order they appear, then untagged ones. An operation with several tags is listed under each.
 */
export function groupByTag(ops: OperationEntry[], tags: OpenApiDocument['tags'] = []): OperationGroup[] {
  const groups = new Map<string, OperationGroup>();
  for (const t of tags) groups.set(t.name, { tag: t.name, description: t.description, operations: [] });
  for (const op of ops) {
    for (const tag of op.tags.length ? op.tags : [UNTAGGED]) {
      if (!groups.has(tag)) groups.set(tag, { tag, operations: [] });
      groups.get(tag)!.operations.push(op);
    }
  }
  const untagged = groups.get(UNTAGGED);
  if (untagged) (groups.delete(UNTAGGED), groups.set(UNTAGGED, untagged));
  return [...groups.values()].filter((g) => g.operations.length > 0);
}

/** Whether a concrete path (`/tokens/Token:0199…`, with or without the version base) fits a template (`/tokens/{tokenId}`). */
export function pathMatchesTemplate(template: string, concrete: string): boolean {
  const path = concrete.split(/[?#]/)[0]!.replace(/\/+$/, '');
  const pattern = template.replace(/\/+$/, '').split(/\{[^}]+\}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('[^/]+');
  return new RegExp(`^(?:/\\d{4}-\\d{2}-\\d{2})?${pattern}$`).test(path);
}

/**
 * Keeps the operations whose method, path, summary, operation id or tag contain every word of the
 * query (case-insensitive); a query that is a concrete path (`/tokens/Token:…`) finds its template.
 */
export function filterOperations(ops: OperationEntry[], query: string): OperationEntry[] {
  const q = query.trim();
  if (!q) return ops;
  const words = q.toLowerCase().split(/\s+/);
  const concrete = /^\/\S*$/.test(q) ? q : undefined;
  return ops.filter((op) => {
    if (concrete && pathMatchesTemplate(op.path, concrete)) return true;
    const text = [op.method, op.path, op.summary, op.operation.operationId ?? '', ...op.tags].join('\n').toLowerCase();
    return words.every((w) => text.includes(w));
  });
}

/** A parameter resolved and ready to show. */
export interface ParameterEntry extends ParameterObject {
  required: boolean;
}

const LOCATION_ORDER: Record<ParameterLocation, number> = { path: 0, query: 1, header: 2, cookie: 3 };

/** The operation's parameters (the path's shared ones, overridden by the operation's), path first, then query, headers, cookies. */
export function operationParameters(doc: OpenApiDocument, entry: OperationEntry): ParameterEntry[] {
  const byKey = new Map<string, ParameterEntry>();
  for (const p of [...(entry.pathItem.parameters ?? []), ...(entry.operation.parameters ?? [])]) {
    const param = deref<ParameterObject>(doc, p);
    if (!param || typeof param.name !== 'string') continue;
    const schema = deref<SchemaObject>(doc, param.schema);
    byKey.set(`${param.in}:${param.name}`, {
      ...param, required: param.in === 'path' || param.required === true, description: param.description ?? schema?.description,
    });
  }
  return [...byKey.values()].sort((a, b) => (LOCATION_ORDER[a.in] ?? 9) - (LOCATION_ORDER[b.in] ?? 9));
}

/** A named example value of a body. */
export interface NamedExample {
  name: string;
  summary?: string;
  value: unknown;
}

/** A request or response body in one content type. */
export interface BodyEntry {
  mediaType: string;
  schema?: SchemaObject | Reference;
  examples: NamedExample[];
}

/** The JSON content of a body when it has one, else its first content type. */
function bodyOf(doc: OpenApiDocument, content: Record<string, MediaTypeObject> | undefined): BodyEntry | undefined {
  const types = Object.keys(content ?? {});
  const mediaType = types.find((t) => /[/+]json\b/.test(t)) ?? types[0];
  const media = mediaType ? content![mediaType] : undefined;
  if (!mediaType || !media) return undefined;
  const examples: NamedExample[] = [];
  if ('example' in media) examples.push({ name: 'Example', value: media.example });
  for (const [name, ex] of Object.entries(media.examples ?? {})) {
    const e = deref<ExampleObject>(doc, ex);
    if (e && 'value' in e) examples.push({ name, summary: e.summary, value: e.value });
  }
  return { mediaType, schema: media.schema, examples };
}

/** An operation's request body. */
export interface RequestBodyEntry extends Partial<BodyEntry> {
  required: boolean;
  description?: string;
}

/** The operation's request body, if it takes one. */
export function requestBodyOf(doc: OpenApiDocument, entry: OperationEntry): RequestBodyEntry | undefined {
  const body = deref<RequestBodyObject>(doc, entry.operation.requestBody);
  if (!body) return undefined;
  return { required: body.required === true, description: body.description, ...bodyOf(doc, body.content) };
}

/** One response of an operation. */
export interface ResponseEntry extends Partial<BodyEntry> {
  status: string;
  description: string;
}

function statusRank(status: string): number {
  if (status === 'default') return 1000;
  const n = Number(status.replace(/X/gi, '0'));
  return Number.isFinite(n) ? n : 999;
}

/** The operation's responses, by status (success first, `default` last). */
export function responsesOf(doc: OpenApiDocument, entry: OperationEntry): ResponseEntry[] {
  return Object.entries(entry.operation.responses ?? {})
    .map(([status, r]) => {
      const res = deref<ResponseObject>(doc, r) ?? {};
      return { status, description: res.description ?? '', ...bodyOf(doc, res.content) };
    })
    .sort((a, b) => statusRank(a.status) - statusRank(b.status));
}

/** One security scheme an operation accepts, in words. */
export interface SecurityScheme {
  name: string;
  label: string;
  description?: string;
  scheme?: SecuritySchemeObject;
}

function schemeLabel(s: SecuritySchemeObject | undefined, name: string): string {
  if (s?.type === 'http' && s.scheme?.toLowerCase() === 'basic') return 'HTTP Basic (client id and secret)';
  if (s?.type === 'http' && s.scheme?.toLowerCase() === 'bearer') return 'Bearer token';
  if (s?.type === 'apiKey') return `API key in the ${s.in ?? ''} ${s.name ?? ''}`.replace(/\s+/g, ' ').trim();
  if (s?.type === 'oauth2') return 'OAuth 2';
  return name;
}

/**
 * How an operation authenticates: a list of alternatives (any one works), each the schemes needed
 * together; an empty list means no credentials. The operation's own `security` wins over the document's.
 */
export function securityOf(doc: OpenApiDocument, entry: OperationEntry): SecurityScheme[][] {
  const reqs = entry.operation.security ?? doc.security ?? [];
  return reqs
    .map((req) => Object.keys(req).map((name) => {
      const scheme = doc.components?.securitySchemes?.[name];
      return { name, label: schemeLabel(scheme, name), description: scheme?.description, scheme };
    }))
    .filter((alt) => alt.length > 0);
}

/** A shell variable name for a placeholder: `tokenId` -> `TOKEN_ID`, `Idempotency-Key` -> `IDEMPOTENCY_KEY`. */
export function placeholderName(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').replace(/[^A-Za-z0-9]+/g, '_').replace(/^_|_$/g, '').toUpperCase() || 'VALUE';
}

/** Text inside shell double quotes, with `$NAME` placeholders left to expand. */
function dq(literal: string): string {
  return literal.replace(/["\\`$]/g, '\\$&');
}

/** Text inside shell single quotes. */
function sq(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** What a curl command needs besides the operation. */
export interface CurlOptions {
  /** The API's base URL with its version, e.g. `http://127.0.0.1:4100/2025-10-13`. */
  baseUrl: string;
}

/**
 * A curl command for an operation against `baseUrl`: path parameters, required query parameters and
 * required headers as shell variables (`$TOKEN_ID`), Basic auth as `$CLIENT_ID:$CLIENT_SECRET`, and
 * the body's example (or one built from its schema) as JSON.
 */
export function buildCurl(doc: OpenApiDocument, entry: OperationEntry, options: CurlOptions): string {
  const params = operationParameters(doc, entry);
  const path = entry.path.split(/(\{[^}]+\})/).map((part) => {
    const m = /^\{([^}]+)\}$/.exec(part);
    return m ? `\${${placeholderName(m[1]!)}}` : dq(part);
  }).join('');
  const query = params.filter((p) => p.in === 'query' && p.required).map((p) => `${dq(encodeURIComponent(p.name))}=\${${placeholderName(p.name)}}`);
  const url = `${dq(options.baseUrl.replace(/\/+$/, ''))}${path}${query.length ? `?${query.join('&')}` : ''}`;
  const lines = [entry.method === 'get' ? `curl "${url}"` : `curl -X ${entry.method.toUpperCase()} "${url}"`];
  for (const scheme of securityOf(doc, entry)[0] ?? []) {
    const s = scheme.scheme;
    if (s?.type === 'http' && s.scheme?.toLowerCase() === 'basic') lines.push('-u "$CLIENT_ID:$CLIENT_SECRET"');
    else if (s?.type === 'http' && s.scheme?.toLowerCase() === 'bearer') lines.push('-H "Authorization: Bearer $ACCESS_TOKEN"');
    else if (s?.type === 'apiKey' && s.in === 'header' && s.name) lines.push(`-H "${dq(s.name)}: $${placeholderName(s.name)}"`);
  }
  for (const p of params.filter((x) => x.in === 'header' && x.required)) lines.push(`-H "${dq(p.name)}: \${${placeholderName(p.name)}}"`);
  const body = requestBodyOf(doc, entry);
  if (body?.mediaType === 'multipart/form-data') {
    // An upload: one -F per required field, and the file parts as @file references (curl builds the multipart body).
    const schema = deref<SchemaObject>(doc, body.schema);
    const example = exampleFromSchema(doc, body.schema) as Record<string, unknown> | undefined;
    for (const [name, prop] of Object.entries(schema?.properties ?? {})) {
      if (deref<SchemaObject>(doc, prop)?.format === 'binary') lines.push(`-F ${sq(`${name}=@./${name === 'file' ? 'document.pdf' : name}`)}`);
      else if (schema?.required?.includes(name) && example?.[name] !== undefined) lines.push(`-F ${sq(`${name}=${String(example[name])}`)}`);
    }
  } else if (body?.mediaType) {
    const value = body.examples?.length ? body.examples[0]!.value : exampleFromSchema(doc, body.schema);
    lines.push(`-H ${sq(`Content-Type: ${body.mediaType}`)}`);
    if (value !== undefined) lines.push(`-d ${sq(typeof value === 'string' && !/json/.test(body.mediaType) ? value : JSON.stringify(value, null, 2))}`);
  }
  return lines.join(' \\\n  ');
}

/** The API's base URL for examples: the running server's when known, else the document's first absolute server. */
export function apiBaseUrl(doc: OpenApiDocument | null, serverUrl: string | null | undefined): string {
  if (serverUrl) return serverUrl;
  const fromDoc = doc?.servers?.find((s) => /^https?:\/\//.test(s.url))?.url;
  return fromDoc ?? `http://127.0.0.1:4100${doc?.servers?.[0]?.url ?? ''}`;
}

/** A piece of a description: plain text, or a `code` span (descriptions use Markdown's backticks for names). */
export interface TextPiece {
  code: boolean;
  text: string;
}

/** Splits a description on backtick code spans; an unpaired backtick stays as text. */
export function codeSpans(text: string): TextPiece[] {
  const out: TextPiece[] = [];
  const re = /`([^`]+)`/g;
  let last = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (m.index > last) out.push({ code: false, text: text.slice(last, m.index) });
    out.push({ code: true, text: m[1]! });
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push({ code: false, text: text.slice(last) });
  return out;
}
