// The served OpenAPI document: valid OpenAPI 3.1, exactly the routes the server answers, and
// examples that are real answers of this code.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Validator } from '@seriousme/openapi-schema-validator';
import { apiContract } from '../../core/api-contract';
import type { RouteSpec } from '../../core/api/contract';
import { API_VERSION } from '../../core/api/types';
import { newCore, removeTempDirs, startServer, type TestServer } from '../support/builders';
import type { Core } from '../../core/index';

let core: Core;
let srv: TestServer;
let doc: { openapi: string; info: { version: string }; servers: { url: string }[]; paths: Record<string, Record<string, { operationId: string; responses: Record<string, { content?: Record<string, { schema: unknown; example?: unknown }> }>; security?: unknown[] }>>; components: { securitySchemes: Record<string, { type: string; scheme: string }> } };

beforeAll(async () => {
  core = newCore();
  srv = await startServer(core);
  const r = await srv.api.get('/openapi.json', { auth: null });
  expect(r.status, r.text).toBe(200);
  doc = r.body;
});
afterAll(async () => {
  await srv.close();
  core.close();
  removeTempDirs();
});

const operations = () => Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ path, method, op })));

describe('GET /openapi.json', () => {
  it('is served without credentials and validates as an OpenAPI 3.1 document', async () => {
    expect(doc.openapi).toBe('3.1.0');
    const result = await new Validator().validate(doc as never);
    expect(result.errors ?? [], JSON.stringify(result.errors ?? []).slice(0, 2000)).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it("carries the spec's version string, this server's address and the Basic and Bearer security schemes", () => {
    expect(doc.info.version).toBe(API_VERSION);
    expect(doc.servers[0]!.url).toBe(`${srv.origin}/${API_VERSION}`);
    expect(doc.components.securitySchemes['basicAuth']).toMatchObject({ type: 'http', scheme: 'basic' });
    expect(doc.components.securitySchemes['bearerAuth']).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('declares exactly the routes the server answers, and nothing else', () => {
    const documented = operations().map((o) => `${o.method.toUpperCase()} ${o.path}`).sort();
    expect(documented).toEqual(core.api.routes().sort());
    expect(operations().map((o) => o.op.operationId).sort()).toEqual(Object.keys(apiContract).sort());
  });

  it('gives every operation its error responses as the error object, and credentials unless public', () => {
    for (const { path, method, op } of operations()) {
      const errors = Object.entries(op.responses).filter(([status]) => Number(status) >= 400);
      // Only the public reference itself takes no input and no credentials, so it cannot fail.
      if (op.operationId !== 'getOpenApiDocument') expect(errors.length, `${method} ${path}`).toBeGreaterThan(0);
      for (const [, r] of errors) expect(r.content?.['application/json']?.schema, `${method} ${path}`).toEqual({ $ref: '#/components/schemas/Error' });
      const route = (apiContract as Record<string, RouteSpec>)[op.operationId]!;
      expect(op.security, `${method} ${path}`).toEqual(route.permission === 'PUBLIC' ? [] : route.permission === 'AGENT' ? [{ bearerAuth: [] }] : [{ basicAuth: [] }]);
    }
  });

  it('declares the multipart body of every upload route: the file as binary beside the other fields', () => {
    type Schema = { $ref?: string; required?: string[]; properties?: Record<string, { type?: string; format?: string }> };
    const components = (doc as unknown as { components: { schemas: Record<string, Schema> } }).components.schemas;
    const formOf = (path: string, method: string): Schema => {
      const body = (doc.paths[path]![method] as unknown as { requestBody?: { required?: boolean; content: Record<string, { schema: Schema }> } }).requestBody;
      expect(body?.required, `${method} ${path}`).toBe(true);
      const schema = body!.content['multipart/form-data']!.schema;
      return schema.$ref ? components[schema.$ref.replace('#/components/schemas/', '')]! : schema;
    };
    const upload = formOf('/documents', 'post');
    expect(upload.properties?.['file']).toMatchObject({ type: 'string', format: 'binary' });
    expect(Object.keys(upload.properties ?? {})).toEqual(expect.arrayContaining(['documentHolder', 'documentType', 'country', 'side', 'verificationId']));
    expect(upload.required).toEqual(expect.arrayContaining(['file', 'documentHolder', 'documentType', 'country']));
    const replace = formOf('/documents/{documentId}', 'put');
    expect(replace.properties?.['file']).toMatchObject({ type: 'string', format: 'binary' });
    expect(replace.required ?? []).not.toContain('file');
    expect(formOf('/customers/bulk/csv', 'post').properties?.['file']).toMatchObject({ type: 'string', format: 'binary' });
  });

  it('shows examples from a seeded workspace that match their declared schemas', () => {
    const withExamples = operations().filter((o) => o.op.responses['200']?.content?.['application/json']?.example !== undefined);
    expect(withExamples.map((o) => o.op.operationId)).toEqual(expect.arrayContaining(['getPlatformConfig', 'listTokens']));
    for (const { op } of withExamples) {
      const schema = (apiContract as Record<string, RouteSpec>)[op.operationId]!.responses[200]!.schema!;
      const parsed = schema.safeParse(op.responses['200']!.content!['application/json']!.example);
      expect(parsed.success, `${op.operationId}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
    }
  });

  it('never shows the workspace’s own data as an example (they come from a fresh seeded workspace)', async () => {
    await srv.api.patch('/config', { name: 'Acme Live Payments' });
    const again = (await srv.api.get('/openapi.json', { auth: null })).body as typeof doc;
    expect(JSON.stringify(again)).not.toContain('Acme Live Payments');
  });
});
