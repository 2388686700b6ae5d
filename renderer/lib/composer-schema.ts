/**
 * Schema-aware help for the composer's JSON body: what may be typed where the cursor is (property names of
 * the object it is in, enum values of the property it is after) and the body's problems against the
 * operation's request schema, in words, before anything is sent. Works on the served OpenAPI document.
 */
import { isObject, isRef } from './openapi-schema';
import type { OpenApiDocument, Reference, SchemaObject } from './openapi-document';
import { deref } from './openapi';

/** A step into a JSON value: a property name or an array index. */
export type JsonStep = string | number;

/** Where the cursor is in a JSON text: the path of the container it is in, and whether a key or a value comes next. */
export interface CursorContext {
  path: JsonStep[];
  expecting: 'key' | 'value' | 'none';
  /** The property a value is being typed for. */
  key?: string;
  /** What has been typed of the current key or string value so far (without its opening quote). */
  partial: string;
  /** True when the cursor is inside an opened string (the suggestion then replaces `partial` and closes it). */
  inString: boolean;
}

interface Frame {
  kind: 'object' | 'array';
  index: number;
  key?: string;
  expecting: 'key' | 'value' | 'none';
}

/** Reads a (possibly unfinished) JSON text up to `offset` and says what belongs at the cursor. */
export function cursorContext(text: string, offset: number): CursorContext {
  const stack: Frame[] = [];
  const top = () => stack.at(-1);
  let inString = false;
  let escaped = false;
  let current = '';
  for (let i = 0; i < Math.min(offset, text.length); i++) {
    const ch = text[i]!;
    if (inString) {
      if (escaped) escaped = false;
      else if (ch === '\\') escaped = true;
      else if (ch === '"') {
        inString = false;
        const f = top();
        if (f?.kind === 'object' && f.expecting === 'key') (f.key = current), (f.expecting = 'none');
        else if (f) f.expecting = 'none';
      } else current += ch;
      continue;
    }
    const f = top();
    if (ch === '"') (inString = true), (current = '');
    else if (ch === '{' || ch === '[') {
      const kind = ch === '{' ? 'object' : 'array';
      if (f) f.expecting = 'none';
      stack.push({ kind, index: 0, expecting: kind === 'object' ? 'key' : 'value', key: undefined });
    } else if (ch === '}' || ch === ']') {
      stack.pop();
      const parent = top();
      if (parent) parent.expecting = 'none';
    } else if (ch === ':' && f?.kind === 'object') f.expecting = 'value';
    else if (ch === ',' && f) {
      if (f.kind === 'object') (f.expecting = 'key'), (f.key = undefined);
      else (f.index += 1), (f.expecting = 'value');
    } else if (!/\s/.test(ch) && f) f.expecting = 'none';
  }
  // The path of the innermost container: each parent frame contributes the key or index it holds it under.
  const path: JsonStep[] = [];
  for (let i = 0; i < stack.length - 1; i++) {
    const frame = stack[i]!;
    path.push(frame.kind === 'object' ? (frame.key ?? '') : frame.index);
  }
  const f = top();
  if (!f) return { path, expecting: 'none', partial: '', inString: false };
  // An unfinished string in key position is a key being typed; in value position, a value.
  const expecting = inString ? (f.kind === 'object' && f.key === undefined ? 'key' : 'value') : f.expecting;
  const key = f.kind === 'object' ? f.key : undefined;
  const valuePath = f.kind === 'array' ? [...path, f.index] : path;
  return { path: f.kind === 'array' ? valuePath : path, expecting, key, partial: inString ? current : '', inString };
}

/** A schema with `$ref`s resolved and `allOf` merged; `oneOf`/`anyOf` become alternatives. */
function alternatives(doc: OpenApiDocument, input: SchemaObject | Reference | boolean | undefined, depth = 0): SchemaObject[] {
  if (depth > 16 || input === undefined || typeof input === 'boolean') return [];
  const s = isRef(input) ? deref<SchemaObject>(doc, input) : input;
  if (!s || typeof s !== 'object') return [];
  const choices = s.oneOf ?? s.anyOf;
  if (choices) {
    const own: SchemaObject = { ...s, oneOf: undefined, anyOf: undefined };
    return choices.flatMap((c) => alternatives(doc, c, depth + 1).map((alt) => merge(own, alt)));
  }
  if (s.allOf) return s.allOf.reduce<SchemaObject[]>((acc, part) => acc.flatMap((a) => alternatives(doc, part, depth + 1).map((p) => merge(a, p))), [{ ...s, allOf: undefined }]);
  return [s];
}

function merge(a: SchemaObject, b: SchemaObject): SchemaObject {
  return {
    ...a, ...b,
    properties: a.properties || b.properties ? { ...a.properties, ...b.properties } : undefined,
    required: a.required || b.required ? [...new Set([...(a.required ?? []), ...(b.required ?? [])])] : undefined,
  };
}

/** The schemas that may stand at `path` inside a value of `root`. */
export function schemasAt(doc: OpenApiDocument, root: SchemaObject | Reference | undefined, path: readonly JsonStep[]): SchemaObject[] {
  let here = alternatives(doc, root);
  for (const step of path) {
    here = here.flatMap((s) => {
      if (typeof step === 'number') return alternatives(doc, s.items);
      const prop = s.properties?.[step];
      if (prop) return alternatives(doc, prop);
      return isObject(s.additionalProperties) ? alternatives(doc, s.additionalProperties as SchemaObject) : [];
    });
  }
  return here;
}

/** One thing the composer offers to type at the cursor. */
export interface Suggestion {
  /** What the list shows. */
  label: string;
  /** The text that replaces what was typed of it (including quotes and a following `: ` for a key). */
  insert: string;
  /** A line about it: its type, whether required, its description. */
  detail: string;
}

const typeWords = (s: SchemaObject) => (s.enum ? 'one of a list' : Array.isArray(s.type) ? s.type.join(' or ') : (s.type ?? 'any value'));

/** What may be typed at `offset` in `text`, a body for `schema`: property names or enum values, filtered by what was typed. */
export function suggest(doc: OpenApiDocument, schema: SchemaObject | Reference | undefined, text: string, offset: number): Suggestion[] {
  const at = cursorContext(text, offset);
  const prefix = at.partial.toLowerCase();
  const out = new Map<string, Suggestion>();
  if (at.expecting === 'key') {
    for (const s of schemasAt(doc, schema, at.path)) {
      for (const [name, prop] of Object.entries(s.properties ?? {})) {
        if (!name.toLowerCase().startsWith(prefix) || out.has(name)) continue;
        const p = alternatives(doc, prop)[0] ?? {};
        if (p.readOnly) continue;
        const required = s.required?.includes(name) ? 'required' : 'optional';
        out.set(name, { label: name, insert: `${at.inString ? '' : '"'}${name}": `, detail: [typeWords(p), required, p.description].filter(Boolean).join(' · ') });
      }
    }
  } else if (at.expecting === 'value') {
    const path = at.key === undefined ? at.path : [...at.path, at.key];
    for (const s of schemasAt(doc, schema, path)) {
      const values = s.enum ?? (s.const !== undefined ? [s.const] : s.type === 'boolean' ? [true, false] : []);
      for (const v of values) {
        const label = typeof v === 'string' ? v : JSON.stringify(v);
        if (!label.toLowerCase().startsWith(prefix) || out.has(label)) continue;
        out.set(label, { label, insert: typeof v === 'string' ? (at.inString ? `${v}"` : JSON.stringify(v)) : JSON.stringify(v), detail: s.description ?? typeWords(s) });
      }
    }
  }
  return [...out.values()];
}

/** One way a body does not match its schema, in words, with where. */
export interface BodyProblem {
  /** Where, as a readable path (`source.accountId`, `items[2]`), or `the body`. */
  where: string;
  message: string;
}

const showPath = (path: readonly JsonStep[]) =>
  path.length === 0 ? 'the body' : path.map((s, i) => (typeof s === 'number' ? `[${s}]` : i === 0 ? s : `.${s}`)).join('');

function kindOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v;
}

const KIND_WORDS: Record<string, string> = { string: 'text', integer: 'a whole number', number: 'a number', boolean: 'true or false', object: 'an object', array: 'a list', null: 'null' };

function typeMatches(types: string[], v: unknown): boolean {
  const k = kindOf(v);
  return types.some((t) => t === k || (t === 'number' && k === 'integer'));
}

function check(doc: OpenApiDocument, input: SchemaObject | Reference | undefined, v: unknown, path: JsonStep[], out: BodyProblem[]): void {
  const alts = alternatives(doc, input);
  if (alts.length === 0) return;
  if (alts.length > 1) {
    const tried = alts.map((alt) => {
      const found: BodyProblem[] = [];
      checkOne(doc, alt, v, path, found);
      return found;
    });
    if (tried.some((p) => p.length === 0)) return;
    // Why the fewest: the alternative the author was most likely writing says the most useful thing.
    out.push(...tried.sort((a, b) => a.length - b.length)[0]!);
    return;
  }
  checkOne(doc, alts[0]!, v, path, out);
}

function checkOne(doc: OpenApiDocument, s: SchemaObject, v: unknown, path: JsonStep[], out: BodyProblem[]): void {
  const where = showPath(path);
  const types = s.type === undefined ? [] : Array.isArray(s.type) ? s.type : [s.type];
  if (s.nullable) types.push('null');
  if (types.length && !typeMatches(types, v)) {
    out.push({ where, message: `should be ${types.map((t) => KIND_WORDS[t] ?? t).join(' or ')}, not ${KIND_WORDS[kindOf(v)] ?? kindOf(v)}` });
    return;
  }
  if (s.enum && !s.enum.some((e) => e === v)) out.push({ where, message: `should be one of ${s.enum.map((e) => String(e)).join(', ')}` });
  if (s.const !== undefined && s.const !== v) out.push({ where, message: `should be ${String(s.const)}` });
  if (typeof v === 'string') {
    if (s.minLength !== undefined && v.length < s.minLength) out.push({ where, message: s.minLength === 1 ? 'must not be empty' : `needs at least ${s.minLength} characters` });
    if (s.maxLength !== undefined && v.length > s.maxLength) out.push({ where, message: `takes at most ${s.maxLength} characters` });
    if (s.pattern && !safePattern(s.pattern).test(v)) out.push({ where, message: `does not have the expected form (${s.pattern})` });
  }
  if (typeof v === 'number') {
    const exMin = typeof s.exclusiveMinimum === 'number' ? s.exclusiveMinimum : undefined;
    if (exMin !== undefined && v <= exMin) out.push({ where, message: `must be more than ${exMin}` });
    if (s.minimum !== undefined && v < s.minimum) out.push({ where, message: `must be at least ${s.minimum}` });
    if (s.maximum !== undefined && v > s.maximum) out.push({ where, message: `must be at most ${s.maximum}` });
  }
  if (Array.isArray(v)) {
    if (s.minItems !== undefined && v.length < s.minItems) out.push({ where, message: `needs at least ${s.minItems} item${s.minItems === 1 ? '' : 's'}` });
    if (s.maxItems !== undefined && v.length > s.maxItems) out.push({ where, message: `takes at most ${s.maxItems} items` });
    v.forEach((item, i) => check(doc, s.items, item, [...path, i], out));
  }
  if (isObject(v) && !Array.isArray(v)) {
    for (const name of s.required ?? []) if (!(name in v)) out.push({ where: showPath([...path, name]), message: 'is required' });
    for (const [name, value] of Object.entries(v)) {
      const prop = s.properties?.[name];
      if (prop) check(doc, prop, value, [...path, name], out);
      else if (s.additionalProperties === false) out.push({ where: showPath([...path, name]), message: `is not a field here${s.properties ? ` (expected: ${Object.keys(s.properties).join(', ')})` : ''}` });
      else if (isObject(s.additionalProperties)) check(doc, s.additionalProperties as SchemaObject, value, [...path, name], out);
    }
  }
}

function safePattern(p: string): RegExp {
  try {
    return new RegExp(p, 'u');
  } catch {
    return /[\s\S]*/;
  }
}

/** The body's problems against the request schema (none when it matches, or when there is no schema). */
export function validateBody(doc: OpenApiDocument, schema: SchemaObject | Reference | undefined, body: unknown): BodyProblem[] {
  const out: BodyProblem[] = [];
  check(doc, schema, body, [], out);
  return out;
}

/** Says where a JSON text stops being JSON, in words (line and column), or null when it parses. */
export function jsonProblem(text: string): BodyProblem | null {
  try {
    JSON.parse(text);
    return null;
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    const pos = /position (\d+)/.exec(message);
    if (!pos) return { where: 'the body', message: `is not JSON: ${message}` };
    const before = text.slice(0, Number(pos[1]));
    const line = before.split('\n').length;
    const column = before.length - before.lastIndexOf('\n');
    return { where: 'the body', message: `is not JSON at line ${line}, column ${column}: ${message.replace(/ in JSON at position \d+.*$/, '')}` };
  }
}
