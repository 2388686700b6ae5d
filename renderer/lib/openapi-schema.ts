import type { OpenApiDocument, Reference, SchemaObject } from './openapi-document';

/**
 * JSON Schema as the API reference shows it: a tree of readable nodes with `$ref` resolved to the
 * document's components. Children are listed on demand (a node expands when someone opens it), and a
 * `$ref` already open above a node is not followed again, so recursive schemas stay finite.
 */

/** A value that is present even when it is null or false (enum constants and defaults may be either). */
export interface Present {
  value: unknown;
}

/** One node of the schema tree: a property, an array's items, a variant of a union, or the root. */
export interface SchemaView {
  /** The property name, or a variant's label ("When sourceType is ACCOUNT"); absent for the root. */
  name?: string;
  /** A variant of a union: its name is a label, not a field. */
  variant?: boolean;
  required: boolean;
  /** What the value is, in words: `string`, `array of ApiToken`, `map of integer`, `one of 2 shapes`. */
  label: string;
  /** The component this node's schema came from (`#/components/schemas/ApiToken` -> `ApiToken`). */
  refName?: string;
  format?: string;
  description?: string;
  enumValues?: unknown[];
  constValue?: Present;
  defaultValue?: Present;
  example?: Present;
  /** Limits in plain words: `1 to 255 characters`, `at least 1 item`, `pattern ^[A-Z]{3}$`. */
  constraints: string[];
  nullable: boolean;
  readOnly: boolean;
  writeOnly: boolean;
  deprecated: boolean;
  /** `additionalProperties: false`: no field other than those listed is accepted. */
  closed: boolean;
  /** The `$ref` names this node is already inside; the cycle guard. */
  trail: readonly string[];
  /** This node refers to a component already open above it: shown by name, not expanded again. */
  cycle: boolean;
  /** A `$ref` that points nowhere in the document. */
  unresolved?: string;
  /** The discriminator property of a union, if declared. */
  discriminator?: string;
  hasChildren: boolean;
  /** @internal What `schemaChildren` expands. */
  expand: Expansion;
}

type Expansion =
  | { kind: 'none' }
  | { kind: 'object'; schema: SchemaObject }
  | { kind: 'variants'; schemas: (SchemaObject | Reference)[]; word: string }
  | { kind: 'via'; view: SchemaView };

/** Whether a value is a JSON object (not null, not an array). */
export function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** Whether a value is a `{ $ref }` object. */
export function isRef(v: unknown): v is Reference {
  return isObject(v) && typeof v['$ref'] === 'string';
}

/** Follows a local JSON pointer (`#/components/schemas/Quote`); undefined when it points nowhere. */
export function resolvePointer(doc: OpenApiDocument, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  let node: unknown = doc;
  for (const part of ref.slice(2).split('/')) {
    const key = decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~');
    if (!isObject(node) || !Object.hasOwn(node, key)) return undefined;
    node = node[key];
  }
  return node;
}

/** The last segment of a `$ref`, the name people know a component by. */
export function refName(ref: string): string {
  return ref.slice(ref.lastIndexOf('/') + 1);
}

type Followed = { schema: SchemaObject; refName?: string; trail: readonly string[]; cycle?: boolean; unresolved?: string };

/** Follows `$ref` chains; keywords beside a `$ref` (3.1 allows a description there) win over the target's. */
function follow(doc: OpenApiDocument, input: SchemaObject | Reference | boolean | undefined, trail: readonly string[]): Followed {
  let schema: SchemaObject = isObject(input) ? (input as SchemaObject) : {};
  let name: string | undefined;
  let path = trail;
  for (let hops = 0; typeof schema.$ref === 'string' && hops < 32; hops++) {
    const { $ref, ...siblings } = schema;
    name = refName($ref);
    if (path.includes($ref)) return { schema: siblings, refName: name, trail: path, cycle: true };
    const target = resolvePointer(doc, $ref);
    if (!isObject(target)) return { schema: siblings, refName: name, trail: path, unresolved: $ref };
    path = [...path, $ref];
    schema = { ...(target as SchemaObject), ...siblings };
  }
  return { schema, refName: name, trail: path };
}

const isNullSchema = (s: SchemaObject | Reference): boolean => !isRef(s) && (s.type === 'null' || (Array.isArray(s.type) && s.type.length === 1 && s.type[0] === 'null'));

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

function range(min: number | undefined, max: number | undefined, unit: string, units = `${unit}s`): string | undefined {
  if (min !== undefined && max !== undefined) return min === max ? plural(min, unit, units) : `${min} to ${max} ${units}`;
  if (min !== undefined) return `at least ${plural(min, unit, units)}`;
  if (max !== undefined) return `at most ${plural(max, unit, units)}`;
  return undefined;
}

/** A schema's limits in plain words. */
export function constraintsOf(s: SchemaObject): string[] {
  const out: string[] = [];
  const length = range(s.minLength, s.maxLength, 'character');
  if (length) out.push(length);
  const items = range(s.minItems, s.maxItems, 'item');
  if (items) out.push(items);
  const props = range(s.minProperties, s.maxProperties, 'field');
  if (props) out.push(props);
  const exMin = typeof s.exclusiveMinimum === 'number' ? s.exclusiveMinimum : undefined;
  const exMax = typeof s.exclusiveMaximum === 'number' ? s.exclusiveMaximum : undefined;
  if (s.minimum !== undefined && s.maximum !== undefined) out.push(`${s.minimum} to ${s.maximum}`);
  else {
    const low = exMin !== undefined ? `more than ${exMin}` : s.minimum !== undefined ? `at least ${s.minimum}` : undefined;
    const high = exMax !== undefined ? `less than ${exMax}` : s.maximum !== undefined ? `at most ${s.maximum}` : undefined;
    const both = [low, high].filter(Boolean);
    if (both.length) out.push(both.join(' and '));
  }
  if (s.multipleOf !== undefined) out.push(`multiple of ${s.multipleOf}`);
  if (s.uniqueItems) out.push('unique items');
  if (s.pattern) out.push(`pattern ${s.pattern}`);
  return out;
}

/** Merges `allOf` members that are all objects into one object (the usual "extends"); undefined otherwise. */
function mergeAllOf(doc: OpenApiDocument, s: SchemaObject, trail: readonly string[]): SchemaObject | undefined {
  const parts = (s.allOf ?? []).map((p) => follow(doc, p, trail));
  if (parts.some((p) => p.cycle || p.unresolved || !(p.schema.properties || p.schema.type === 'object'))) return undefined;
  const { allOf: _allOf, ...outer } = s;
  const merged: SchemaObject = { type: 'object', properties: {}, required: [] };
  for (const p of [...parts.map((x) => x.schema), outer]) {
    Object.assign(merged.properties!, p.properties ?? {});
    merged.required!.push(...(p.required ?? []));
    if (p.additionalProperties !== undefined) merged.additionalProperties = p.additionalProperties;
    if (p.description) merged.description = p.description;
  }
  return merged;
}

/** Options of `describeSchema`: the node's name, whether its parent requires it, and the cycle guard. */
export interface DescribeOptions {
  name?: string;
  required?: boolean;
  trail?: readonly string[];
}

/** Describes one schema as a tree node (its children come from `schemaChildren`). */
export function describeSchema(doc: OpenApiDocument, input: SchemaObject | Reference | boolean | undefined, options: DescribeOptions = {}): SchemaView {
  const f = follow(doc, input, options.trail ?? []);
  let s = f.schema;
  const view: SchemaView = {
    name: options.name, required: options.required ?? false, label: f.refName ?? 'any', refName: f.refName,
    constraints: [], nullable: false, readOnly: false, writeOnly: false, deprecated: false, closed: false,
    trail: f.trail, cycle: f.cycle ?? false, unresolved: f.unresolved, hasChildren: false, expand: { kind: 'none' },
  };
  if (s.description) view.description = s.description;
  if (f.cycle || f.unresolved) return view;

  // A union with null is a nullable value, not a choice: show the value and mark it "or null".
  const union = s.oneOf ?? s.anyOf;
  if (union && union.some(isNullSchema)) {
    const rest = union.filter((v) => !isNullSchema(v));
    if (rest.length === 1) {
      const inner = describeSchema(doc, rest[0], { ...options, trail: f.trail });
      return { ...inner, refName: inner.refName ?? f.refName, nullable: true, description: s.description ?? inner.description };
    }
  }
  if (s.allOf) s = mergeAllOf(doc, s, f.trail) ?? s;

  const types = (Array.isArray(s.type) ? s.type : s.type ? [s.type] : []).filter((t) => t !== 'null');
  view.nullable = s.nullable === true || (Array.isArray(s.type) && s.type.includes('null')) || (s.enum?.includes(null) ?? false);
  view.readOnly = s.readOnly === true;
  view.writeOnly = s.writeOnly === true;
  view.deprecated = s.deprecated === true;
  if (s.format) view.format = s.format;
  if (s.enum) view.enumValues = s.enum.filter((v) => v !== null);
  if ('const' in s) view.constValue = { value: s.const };
  if ('default' in s) view.defaultValue = { value: s.default };
  if ('example' in s) view.example = { value: s.example };
  else if (Array.isArray(s.examples) && s.examples.length) view.example = { value: s.examples[0] };
  view.constraints = constraintsOf(s);
  view.closed = s.additionalProperties === false;

  const variants = s.oneOf ?? s.anyOf ?? (s.properties ? undefined : s.allOf);
  if (variants) {
    const word = s.oneOf ? 'one of' : s.anyOf ? 'any of' : 'all of';
    view.label = `${word} ${plural(variants.length, 'shape')}`;
    view.discriminator = s.discriminator?.propertyName;
    view.hasChildren = variants.length > 0;
    view.expand = { kind: 'variants', schemas: variants, word: s.allOf && !s.oneOf && !s.anyOf ? 'Part' : 'Option' };
    return view;
  }
  if (types.includes('array') || s.items) {
    const items = describeSchema(doc, s.items, { trail: f.trail });
    view.label = `array of ${items.refName ?? items.label}${items.nullable ? ' or null' : ''}`;
    if (items.enumValues) view.enumValues = items.enumValues;
    view.constraints.push(...items.constraints.map((c) => `each ${c}`));
    if (items.format && !view.format) view.format = items.format;
    view.closed = items.closed;
    view.hasChildren = items.hasChildren;
    view.expand = { kind: 'via', view: items };
    return view;
  }
  const extra = s.additionalProperties;
  const hasProps = !!s.properties && Object.keys(s.properties).length > 0;
  if (types.includes('object') || hasProps || extra !== undefined) {
    if (!hasProps && isObject(extra) && Object.keys(extra).length > 0) {
      const values = describeSchema(doc, extra as SchemaObject, { trail: f.trail });
      view.label = `map of ${values.refName ?? values.label}`;
      view.hasChildren = values.hasChildren;
      view.expand = { kind: 'via', view: values };
      return view;
    }
    view.label = !hasProps && extra !== false ? 'object (any fields)' : 'object';
    view.hasChildren = hasProps || (isObject(extra) && Object.keys(extra).length > 0);
    view.expand = { kind: 'object', schema: s };
    return view;
  }
  if (types.length) view.label = types.join(' or ');
  else if ('const' in s) view.label = typeof s.const;
  else if (s.enum) view.label = [...new Set(s.enum.filter((v) => v !== null).map((v) => typeof v))].join(' or ') || 'any';
  else view.label = 'any';
  return view;
}

/** The one value a schema allows (`const`, or an enum of one), if so. */
function singleValue(doc: OpenApiDocument, s: SchemaObject | Reference | undefined): Present | undefined {
  const f = follow(doc, s, []).schema;
  if ('const' in f) return { value: f.const };
  return f.enum?.length === 1 ? { value: f.enum[0] } : undefined;
}

/**
 * The field that tells a union's variants apart and each variant's value of it: the declared
 * discriminator, else the first field every variant fixes to one value (`sourceType: ACCOUNT`).
 */
function variantTags(doc: OpenApiDocument, variants: (SchemaObject | Reference)[], trail: readonly string[], declared?: string): { field: string; values: unknown[] } | undefined {
  const shapes = variants.map((v) => follow(doc, v, trail).schema.properties ?? {});
  for (const field of declared ? [declared] : Object.keys(shapes[0] ?? {})) {
    const values = shapes.map((props) => singleValue(doc, props[field]));
    if (values.every((v) => v !== undefined)) return { field, values: values.map((v) => v!.value) };
  }
  return undefined;
}

/** The children of a node: an object's fields, an array's item fields, a union's variants. */
export function schemaChildren(doc: OpenApiDocument, view: SchemaView): SchemaView[] {
  const e = view.expand;
  if (e.kind === 'via') return schemaChildren(doc, e.view);
  if (e.kind === 'variants') {
    // Variants are named by what selects them ("When sourceType is ACCOUNT") when the schema says.
    const tags = e.word === 'Option' ? variantTags(doc, e.schemas, view.trail, view.discriminator) : undefined;
    return e.schemas.map((v, i) => {
      const child = describeSchema(doc, v, { trail: view.trail });
      const name = tags ? `When ${tags.field} is ${String(tags.values[i])}` : `${e.word} ${i + 1}${child.refName ? `: ${child.refName}` : ''}`;
      return { ...child, name, variant: true };
    });
  }
  if (e.kind !== 'object') return [];
  const required = new Set(e.schema.required ?? []);
  const out = Object.entries(e.schema.properties ?? {}).map(([name, p]) => describeSchema(doc, p, { name, required: required.has(name), trail: view.trail }));
  const extra = e.schema.additionalProperties;
  if (isObject(extra) && Object.keys(extra).length > 0) out.push(describeSchema(doc, extra as SchemaObject, { name: '(any other field)', trail: view.trail }));
  return out;
}

const FORMAT_EXAMPLES: Record<string, string> = {
  'date-time': '2025-10-13T12:00:00Z', date: '2025-10-13', time: '12:00:00', email: 'user@example.com',
  uri: 'https://example.com', url: 'https://example.com', uuid: '00000000-0000-0000-0000-000000000000',
};

/**
 * A plausible value for a schema, for a request body that has no example: the schema's own example,
 * default, constant or first enum value when it has one; required fields only (all fields when none
 * is required); a component already being built above is left out rather than recursed into.
 */
export function exampleFromSchema(doc: OpenApiDocument, input: SchemaObject | Reference | undefined, trail: readonly string[] = []): unknown {
  const f = follow(doc, input, trail);
  if (f.cycle || f.unresolved) return undefined;
  let s = f.schema;
  if ('example' in s) return s.example;
  if (Array.isArray(s.examples) && s.examples.length) return s.examples[0];
  if ('default' in s) return s.default;
  if ('const' in s) return s.const;
  if (s.enum?.length) return s.enum[0];
  if (s.allOf) s = mergeAllOf(doc, s, f.trail) ?? s;
  const variant = (s.oneOf ?? s.anyOf ?? (s.properties ? undefined : s.allOf))?.find((v) => !isNullSchema(v));
  if (variant) return exampleFromSchema(doc, variant, f.trail);
  const type = (Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type) ?? (s.properties ? 'object' : s.items ? 'array' : undefined);
  switch (type) {
    case 'string': return FORMAT_EXAMPLES[s.format ?? ''] ?? 'string';
    case 'integer': case 'number': return s.minimum ?? (typeof s.exclusiveMinimum === 'number' ? s.exclusiveMinimum + 1 : 0);
    case 'boolean': return false;
    case 'null': return null;
    case 'array': {
      const item = exampleFromSchema(doc, s.items, f.trail);
      return item === undefined ? [] : [item];
    }
    case 'object': {
      const props = Object.entries(s.properties ?? {});
      const required = new Set(s.required ?? []);
      const chosen = required.size ? props.filter(([k]) => required.has(k)) : props;
      const out: Record<string, unknown> = {};
      for (const [k, p] of chosen) {
        const v = exampleFromSchema(doc, p, f.trail);
        if (v !== undefined) out[k] = v;
      }
      return out;
    }
    default: return undefined;
  }
}
