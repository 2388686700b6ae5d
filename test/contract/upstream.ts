// The upstream OpenAPI contract (a fixture copied from the reference) and Ajv validators compiled from
// its own response schemas, so the contract suite judges our answers by upstream's document, not ours.
import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

/** The fixture's path: replace the file to test against a newer upstream release. */
export const UPSTREAM_CONTRACT_PATH = new URL('./upstream-contract.json', import.meta.url);

/** One operation of the upstream document. */
export interface UpstreamOperation {
  operationId: string;
  method: string;
  path: string;
  /** Declared response statuses, as numbers. */
  statuses: number[];
  hasBody: boolean;
  bodyTypes: string[];
}

type Doc = { paths: Record<string, Record<string, { operationId: string; responses: Record<string, { content?: Record<string, { schema?: unknown }> }>; requestBody?: { content?: Record<string, unknown> } }>> };

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** Reads an OpenAPI document from a file. */
export function readDocument(path: string | URL = UPSTREAM_CONTRACT_PATH): Doc {
  return JSON.parse(readFileSync(path, 'utf8')) as Doc;
}

/** Every operation of a document, keyed by operationId. */
export function operationsOf(doc: Doc): Map<string, UpstreamOperation> {
  const out = new Map<string, UpstreamOperation>();
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      if (!METHODS.includes(method)) continue;
      const bodyTypes = Object.keys(op.requestBody?.content ?? {});
      out.set(op.operationId, { operationId: op.operationId, method, path, statuses: Object.keys(op.responses).map(Number), hasBody: bodyTypes.length > 0, bodyTypes });
    }
  }
  return out;
}

/** JSON-pointer escaping of one reference token. */
function pointer(token: string): string {
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Validators of the upstream document's response bodies. */
export class UpstreamContract {
  readonly doc: Doc;
  readonly operations: Map<string, UpstreamOperation>;
  private readonly ajv: Ajv2020;

  constructor(path: string | URL = UPSTREAM_CONTRACT_PATH) {
    this.doc = readDocument(path);
    this.operations = operationsOf(this.doc);
    // strict: false because an OpenAPI document carries keywords JSON Schema does not know (example,
    // discriminator as an annotation, x-*); the OpenAPI-only formats are accepted as annotations.
    this.ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
    addFormats.default(this.ajv);
    for (const f of ['int64', 'int32', 'double', 'float', 'binary']) this.ajv.addFormat(f, true);
    this.ajv.addSchema(this.doc as object, 'upstream');
  }

  /** The operation or a thrown error naming it (a row for an operation the fixture lacks is a bug). */
  operation(operationId: string): UpstreamOperation {
    const op = this.operations.get(operationId);
    if (!op) throw new Error(`the upstream contract has no operation ${operationId}`);
    return op;
  }

  /** Whether the status declares a JSON body. */
  declaresBody(operationId: string, status: number): boolean {
    const op = this.operation(operationId);
    return Boolean(this.doc.paths[op.path]![op.method]!.responses[String(status)]?.content?.['application/json']?.schema);
  }

  /** The Ajv errors of `body` against the operation's schema for `status` (empty when it validates). */
  errors(operationId: string, status: number, body: unknown): string[] {
    const op = this.operation(operationId);
    if (!op.statuses.includes(status)) return [`status ${status} is not declared (declared: ${op.statuses.join(', ')})`];
    if (!this.declaresBody(operationId, status)) return body === null || body === '' ? [] : [`status ${status} declares no body, got ${JSON.stringify(body).slice(0, 200)}`];
    const ref = `upstream#/paths/${pointer(op.path)}/${op.method}/responses/${status}/content/${pointer('application/json')}/schema`;
    const validate = this.ajv.getSchema(ref) ?? this.ajv.compile({ $ref: ref });
    if (validate(body)) return [];
    return (validate.errors ?? []).slice(0, 8).map((e) => `${e.instancePath || '(root)'} ${e.message ?? ''} ${e.params ? JSON.stringify(e.params) : ''}`.trim());
  }
}
