import './layout-stub';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defineComponent, h } from 'vue';
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { createPinia } from 'pinia';
import { createMemoryHistory, RouterView, type Router } from 'vue-router';
import type { HandlerOutput } from '../../core/index';
import { setBridge } from '../../renderer/api/client';
import { createConsoleRouter } from '../../renderer/router';
import {
  asOpenApiDocument, buildCurl, describeSchema, exampleFromSchema, filterOperations, groupByTag, listOperations,
  operationParameters, placeholderName, responsesOf, schemaChildren, securityOf, UNTAGGED, type OpenApiDocument, type OperationEntry,
} from '../../renderer/lib/openapi';
import { fakeBridge } from './fake-bridge';

const json = (schema: object, example?: unknown) => ({ 'application/json': { schema, ...(example !== undefined ? { example } : {}) } });
const errorResponse = (description: string) => ({ description, content: json({ $ref: '#/components/schemas/Error' }) });
const BASIC = [{ basicAuth: [] }];

/** A small document shaped like the served one: tags, components with a cycle, examples, a public route. */
const DOC: OpenApiDocument = asOpenApiDocument({
  openapi: '3.1.0',
  info: { title: 'Test API', version: '2025-10-13' },
  servers: [{ url: '/2025-10-13' }],
  tags: [{ name: 'API tokens', description: 'Credentials of integrations' }, { name: 'Empty tag' }],
  components: {
    securitySchemes: { basicAuth: { type: 'http', scheme: 'basic' }, bearerAuth: { type: 'http', scheme: 'bearer' } },
    schemas: {
      Error: {
        type: 'object', additionalProperties: false, required: ['status', 'code', 'message'],
        properties: { status: { type: 'integer' }, code: { type: 'string', description: 'A stable code such as INVALID_INPUT' }, message: { type: 'string' } },
      },
      ApiToken: {
        type: 'object', additionalProperties: false, required: ['id', 'name', 'permissions'],
        properties: {
          id: { type: 'string', example: 'Token:0199' },
          name: { type: 'string', minLength: 1, maxLength: 100 },
          permissions: { type: 'array', items: { type: 'string', enum: ['VIEW', 'TRANSACT', 'MANAGE'] }, minItems: 1 },
          lastUsedAt: { anyOf: [{ type: 'string', format: 'date-time' }, { type: 'null' }] },
        },
      },
      ApiTokenList: {
        type: 'object', required: ['data', 'hasMore'],
        properties: { data: { type: 'array', items: { $ref: '#/components/schemas/ApiToken' } }, hasMore: { type: 'boolean', description: 'Whether another page follows' } },
      },
      CreateApiTokenRequest: {
        type: 'object', required: ['name'],
        properties: { name: { type: 'string', minLength: 1 }, permissions: { type: 'array', items: { type: 'string', enum: ['VIEW', 'MANAGE'] }, default: ['VIEW'] } },
      },
      // A category tree: each node holds its children and points back at its parent.
      Category: {
        type: 'object', required: ['name'],
        properties: {
          name: { type: 'string' },
          parent: { $ref: '#/components/schemas/Category', description: 'The enclosing category' },
          children: { type: 'array', items: { $ref: '#/components/schemas/Category' } },
          owner: { $ref: '#/components/schemas/Owner' },
        },
      },
      // A union told apart by a field each variant fixes (no declared discriminator), and one with null.
      Source: {
        oneOf: [
          { type: 'object', required: ['sourceType', 'accountId'], properties: { sourceType: { type: 'string', enum: ['ACCOUNT'] }, accountId: { type: 'string' } } },
          { type: 'object', required: ['sourceType'], properties: { sourceType: { type: 'string', const: 'REALTIME_FUNDING' }, currency: { type: 'string' } } },
        ],
      },
      Owner: { type: 'object', properties: { favourite: { $ref: '#/components/schemas/Category' }, rates: { type: 'object', additionalProperties: { type: 'integer', minimum: 0 } } } },
    },
  },
  paths: {
    '/openapi.json': {
      get: { operationId: 'getOpenApiDocument', tags: ['Reference'], summary: 'The OpenAPI document', security: [], responses: { 200: { description: 'The document', content: json({ type: 'object' }) } } },
    },
    '/tokens': {
      post: {
        operationId: 'createToken', tags: ['API tokens'], summary: 'Creates an API token', security: BASIC, 'x-permission': 'MANAGE',
        parameters: [{ name: 'Idempotency-Key', in: 'header', required: false, schema: { type: 'string', description: 'Makes a retry safe' } }],
        requestBody: { required: true, content: json({ $ref: '#/components/schemas/CreateApiTokenRequest' }) },
        responses: { 201: { description: 'The token with its secret', content: json({ $ref: '#/components/schemas/ApiToken' }) }, 400: errorResponse('INVALID_INPUT'), 401: errorResponse('UNAUTHORIZED') },
      },
      get: {
        operationId: 'listTokens', tags: ['API tokens'], summary: 'Lists the API tokens, newest first', security: BASIC, 'x-permission': 'VIEW',
        parameters: [
          { name: 'limit', in: 'query', required: false, schema: { type: 'integer', minimum: 1, maximum: 100, default: 20 } },
          { name: 'cursor', in: 'query', required: false, schema: { type: 'string', minLength: 1 } },
        ],
        responses: {
          200: { description: 'A page of tokens', content: json({ $ref: '#/components/schemas/ApiTokenList' }, { data: [{ id: 'Token:0199', name: "Ops' token", permissions: ['VIEW'] }], hasMore: false }) },
          401: errorResponse('UNAUTHORIZED: missing or wrong credentials'),
        },
      },
    },
    '/tokens/{tokenId}': {
      parameters: [{ name: 'tokenId', in: 'path', required: true, schema: { type: 'string' }, description: 'The token id' }],
      get: { operationId: 'getTokenById', tags: ['API tokens'], summary: 'Reads one API token', security: BASIC, 'x-permission': 'VIEW', responses: { 200: { description: 'The token', content: json({ $ref: '#/components/schemas/ApiToken' }) }, 404: errorResponse('Not found') } },
      delete: { operationId: 'deleteTokenById', tags: ['API tokens'], summary: 'Deletes an API token', security: BASIC, 'x-permission': 'MANAGE', responses: { 204: { description: 'Deleted' } } },
    },
    '/categories/{categoryId}/move': {
      post: {
        operationId: 'moveCategory', tags: ['Catalogue', 'API tokens'], summary: "Moves a category under another", security: [{ bearerAuth: [] }],
        parameters: [{ name: 'Svc-Wallet-Signature', in: 'header', required: true, schema: { type: 'string' } }, { name: 'dryRun', in: 'query', required: true, schema: { type: 'boolean' } }],
        requestBody: { required: true, content: json({ $ref: '#/components/schemas/Category' }) },
        responses: { 200: { description: 'The moved category', content: json({ $ref: '#/components/schemas/Category' }) } },
      },
    },
    '/health': { get: { summary: 'Says the server is up', responses: { 200: { description: 'Up' } } } },
  },
});

const OPS = listOperations(DOC);
const op = (key: string): OperationEntry => OPS.find((o) => o.key === key)!;
const keys = (ops: OperationEntry[]) => ops.map((o) => o.key);

describe('reading the OpenAPI document', () => {
  it('lists every operation in document order, keyed by operation id (or method and path when it has none)', () => {
    expect(keys(OPS)).toEqual(['getOpenApiDocument', 'createToken', 'listTokens', 'getTokenById', 'deleteTokenById', 'moveCategory', 'GET /health']);
    expect(op('createToken')).toMatchObject({ method: 'post', path: '/tokens', permission: 'MANAGE', tags: ['API tokens'] });
  });

  it('refuses an answer that is not an OpenAPI 3 document', () => {
    expect(() => asOpenApiDocument({ swagger: '2.0' })).toThrow(/not an OpenAPI 3 document/);
  });

  it('merges the path-level parameters into each operation, path first, then query, then headers', () => {
    expect(operationParameters(DOC, op('getTokenById')).map((p) => [p.in, p.name, p.required])).toEqual([['path', 'tokenId', true]]);
    expect(operationParameters(DOC, op('moveCategory')).map((p) => p.name)).toEqual(['dryRun', 'Svc-Wallet-Signature']);
    // The description of a header may sit on its schema only; it is shown all the same.
    expect(operationParameters(DOC, op('createToken'))[0]).toMatchObject({ name: 'Idempotency-Key', required: false, description: 'Makes a retry safe' });
  });

  it('lists the responses by status with their schema and example, success first', () => {
    const rs = responsesOf(DOC, op('listTokens'));
    expect(rs.map((r) => r.status)).toEqual(['200', '401']);
    expect(rs[0]).toMatchObject({ mediaType: 'application/json', schema: { $ref: '#/components/schemas/ApiTokenList' } });
    expect(rs[0]!.examples).toEqual([{ name: 'Example', value: expect.objectContaining({ hasMore: false }) }]);
    expect(responsesOf(DOC, op('deleteTokenById'))).toEqual([{ status: '204', description: 'Deleted' }]);
  });

  it('names the credentials an operation needs, and none for a public one', () => {
    expect(securityOf(DOC, op('listTokens'))).toEqual([[expect.objectContaining({ name: 'basicAuth', label: 'HTTP Basic (client id and secret)' })]]);
    expect(securityOf(DOC, op('getOpenApiDocument'))).toEqual([]);
  });
});

describe('schemas as a tree, $ref resolved', () => {
  it('resolves a $ref to its component and lists its fields with required marks, types, enums and limits', () => {
    const root = describeSchema(DOC, { $ref: '#/components/schemas/ApiToken' });
    expect(root).toMatchObject({ refName: 'ApiToken', label: 'object', closed: true, hasChildren: true });
    const fields = schemaChildren(DOC, root);
    expect(fields.map((f) => [f.name, f.label, f.required])).toEqual([
      ['id', 'string', true], ['name', 'string', true], ['permissions', 'array of string', true], ['lastUsedAt', 'string', false],
    ]);
    expect(fields[1]!.constraints).toEqual(['1 to 100 characters']);
    expect(fields[2]).toMatchObject({ enumValues: ['VIEW', 'TRANSACT', 'MANAGE'], constraints: ['at least 1 item'] });
    expect(fields[3]).toMatchObject({ nullable: true, format: 'date-time' });
    expect(fields[0]!.example).toEqual({ value: 'Token:0199' });
  });

  it('shows an array of a component by its name and opens onto the component fields', () => {
    const list = describeSchema(DOC, { $ref: '#/components/schemas/ApiTokenList' });
    const data = schemaChildren(DOC, list)[0]!;
    expect(data).toMatchObject({ name: 'data', label: 'array of ApiToken', hasChildren: true });
    expect(schemaChildren(DOC, data).map((f) => f.name)).toEqual(['id', 'name', 'permissions', 'lastUsedAt']);
  });

  it('does not follow a $ref that is already open above it, so a recursive schema stays finite', () => {
    const category = describeSchema(DOC, { $ref: '#/components/schemas/Category' });
    const [name, parent, children, owner] = schemaChildren(DOC, category);
    expect(name).toMatchObject({ name: 'name', required: true, cycle: false });
    // Keywords beside a $ref (its description) are kept even when the target is not expanded again.
    expect(parent).toMatchObject({ name: 'parent', refName: 'Category', cycle: true, hasChildren: false, description: 'The enclosing category' });
    expect(schemaChildren(DOC, parent!)).toEqual([]);
    expect(children).toMatchObject({ label: 'array of Category', hasChildren: false });
    // Through another component: Category -> Owner -> Category stops at the second Category.
    const ownerFields = schemaChildren(DOC, owner!);
    expect(ownerFields[0]).toMatchObject({ name: 'favourite', refName: 'Category', cycle: true });
    expect(ownerFields[1]).toMatchObject({ name: 'rates', label: 'map of integer' });
  });

  it('walks a whole recursive schema to the end (every branch stops at a cycle)', () => {
    let visited = 0;
    const walk = (v: ReturnType<typeof describeSchema>): void => {
      visited++;
      schemaChildren(DOC, v).forEach(walk);
    };
    walk(describeSchema(DOC, { $ref: '#/components/schemas/Category' }));
    expect(visited).toBeLessThan(20);
  });

  it('builds an example body from a recursive schema without looping', () => {
    expect(exampleFromSchema(DOC, { $ref: '#/components/schemas/Category' })).toEqual({ name: 'string' });
    expect(exampleFromSchema(DOC, { $ref: '#/components/schemas/CreateApiTokenRequest' })).toEqual({ name: 'string' });
  });

  it('names the variants of a union by the field that selects them', () => {
    const source = describeSchema(DOC, { $ref: '#/components/schemas/Source' });
    expect(source).toMatchObject({ label: 'one of 2 shapes', hasChildren: true });
    const variants = schemaChildren(DOC, source);
    expect(variants.map((v) => [v.name, v.variant])).toEqual([['When sourceType is ACCOUNT', true], ['When sourceType is REALTIME_FUNDING', true]]);
    expect(schemaChildren(DOC, variants[0]!).map((f) => [f.name, f.required])).toEqual([['sourceType', true], ['accountId', true]]);
    expect(exampleFromSchema(DOC, { $ref: '#/components/schemas/Source' })).toEqual({ sourceType: 'ACCOUNT', accountId: 'string' });
  });

  it('says so when a $ref points nowhere', () => {
    expect(describeSchema(DOC, { $ref: '#/components/schemas/Missing' })).toMatchObject({ refName: 'Missing', unresolved: '#/components/schemas/Missing', hasChildren: false });
  });
});

describe('grouping and filtering operations', () => {
  it("groups by the document's tags first, then tags found only on operations, then untagged ones; empty tags are left out", () => {
    const groups = groupByTag(OPS, DOC.tags);
    expect(groups.map((g) => [g.tag, keys(g.operations)])).toEqual([
      ['API tokens', ['createToken', 'listTokens', 'getTokenById', 'deleteTokenById', 'moveCategory']],
      ['Reference', ['getOpenApiDocument']],
      ['Catalogue', ['moveCategory']],
      [UNTAGGED, ['GET /health']],
    ]);
    expect(groups[0]!.description).toBe('Credentials of integrations');
  });

  it('matches the path, summary, operation id, method and tag, case-insensitively, every word', () => {
    expect(keys(filterOperations(OPS, '/tokens/{tokenId}'))).toEqual(['getTokenById', 'deleteTokenById']);
    expect(keys(filterOperations(OPS, 'newest'))).toEqual(['listTokens']);
    expect(keys(filterOperations(OPS, 'CREATETOKEN'))).toEqual(['createToken']);
    expect(keys(filterOperations(OPS, 'catalogue'))).toEqual(['moveCategory']);
    expect(keys(filterOperations(OPS, 'delete token'))).toEqual(['deleteTokenById']);
    expect(keys(filterOperations(OPS, '  '))).toHaveLength(OPS.length);
    expect(filterOperations(OPS, 'nothing-like-this')).toEqual([]);
  });

  it('finds the operation of a concrete path pasted from a log, with or without the version prefix', () => {
    expect(keys(filterOperations(OPS, '/2025-10-13/tokens/Token:0199-abc'))).toEqual(['getTokenById', 'deleteTokenById']);
    expect(keys(filterOperations(OPS, '/categories/Category:1/move?dryRun=true'))).toEqual(['moveCategory']);
  });
});

describe('copy as curl', () => {
  const BASE = 'http://127.0.0.1:4100/2025-10-13';

  it('calls a GET with Basic auth from $CLIENT_ID:$CLIENT_SECRET and the path parameter as a variable', () => {
    expect(buildCurl(DOC, op('getTokenById'), { baseUrl: BASE })).toBe(
      'curl "http://127.0.0.1:4100/2025-10-13/tokens/${TOKEN_ID}" \\\n  -u "$CLIENT_ID:$CLIENT_SECRET"',
    );
  });

  it('sends a POST with its JSON body built from the schema (required fields)', () => {
    expect(buildCurl(DOC, op('createToken'), { baseUrl: `${BASE}/` })).toBe([
      'curl -X POST "http://127.0.0.1:4100/2025-10-13/tokens" \\',
      '  -u "$CLIENT_ID:$CLIENT_SECRET" \\',
      "  -H 'Content-Type: application/json' \\",
      "  -d '{",
      '  "name": "string"',
      "}'",
    ].join('\n'));
  });

  it('adds required query parameters and headers as variables, and a bearer token when that is the scheme', () => {
    const curl = buildCurl(DOC, op('moveCategory'), { baseUrl: BASE });
    expect(curl.split(' \\\n  ').slice(0, 3)).toEqual([
      'curl -X POST "http://127.0.0.1:4100/2025-10-13/categories/${CATEGORY_ID}/move?dryRun=${DRY_RUN}"',
      '-H "Authorization: Bearer $ACCESS_TOKEN"',
      '-H "Svc-Wallet-Signature: ${SVC_WALLET_SIGNATURE}"',
    ]);
  });

  it('sends no credentials to a public operation and quotes single quotes of a body for the shell', () => {
    expect(buildCurl(DOC, op('getOpenApiDocument'), { baseUrl: BASE })).toBe('curl "http://127.0.0.1:4100/2025-10-13/openapi.json"');
    const withQuote: OpenApiDocument = { ...DOC, paths: { '/notes': { post: { operationId: 'note', requestBody: { content: json({ type: 'object' }, { text: "it's" }) } } } } };
    expect(buildCurl(withQuote, listOperations(withQuote)[0]!, { baseUrl: BASE })).toContain(`-d '{\n  "text": "it'\\''s"\n}'`);
  });

  it('names placeholders as shell variables', () => {
    expect(['tokenId', 'Idempotency-Key', 'dryRun', 'x'].map(placeholderName)).toEqual(['TOKEN_ID', 'IDEMPOTENCY_KEY', 'DRY_RUN', 'X']);
  });
});

// ---- The reference as a user sees it -------------------------------------------------------------

const INFO = {
  name: 'Demo Platform', dbPath: '/tmp/ws.sqlite', host: 'serve', apiBaseUrl: 'http://127.0.0.1:4100/2025-10-13', schemaVersion: 1,
  createdAt: '2025-10-13T10:00:00.000Z', credentials: { clientId: 'Token:0199', clientSecret: null },
  counts: { customers: 0, internalAccounts: 0, externalAccounts: 0, tokens: 1, apiCalls: 0, events: 0 },
  clock: { mode: 'REAL', now: '2025-10-13T10:00:00.000Z' },
} as unknown as HandlerOutput<'workspace/info'>;

let wrapper: VueWrapper | undefined;
let fake: ReturnType<typeof fakeBridge>;
beforeEach(() => {
  fake = fakeBridge({ 'workspace/info': () => INFO }, (req) => (req.method === 'GET' && req.path === '/openapi.json'
    ? { status: 200, headers: {}, body: DOC }
    : { status: 404, headers: {}, body: { status: 404, code: 'NOT_FOUND', message: `no ${req.path}` } }));
  setBridge(fake.bridge);
});
afterEach(() => {
  wrapper?.unmount();
  wrapper = undefined;
});

async function mountAt(path: string): Promise<{ wrapper: VueWrapper; router: Router }> {
  const router = createConsoleRouter(createMemoryHistory());
  await router.push(path);
  await router.isReady();
  wrapper = mount(defineComponent({ render: () => h(RouterView) }), { global: { plugins: [createPinia(), router] }, attachTo: document.body });
  await flushPromises();
  return { wrapper, router };
}

const rows = () => [...document.querySelectorAll<HTMLAnchorElement>('[data-testid="operation-row"]')];
const drawer = () => document.querySelector<HTMLElement>('[data-testid="operation-detail"]');
const settle = async () => {
  await flushPromises();
  await new Promise((r) => setTimeout(r, 0));
  await flushPromises();
};

describe('the API reference screen', () => {
  it('lists the operations grouped by tag with method, path, summary and permission, fetched once from GET /openapi.json', async () => {
    const { wrapper } = await mountAt('/api/reference');
    expect(fake.apiCalls).toEqual([{ method: 'GET', path: '/openapi.json' }]);
    expect(wrapper.findAll('h2.tag').map((t) => t.text())).toEqual(['API tokens 5', 'Reference 1', 'Catalogue 1', `${UNTAGGED} 1`]);
    const list = rows().find((r) => r.dataset['operationId'] === 'listTokens')!;
    expect(list.textContent).toContain('GET');
    expect(list.textContent).toContain('/tokens');
    expect(list.textContent).toContain('Lists the API tokens, newest first');
    expect(list.textContent).toContain('VIEW');
    expect(rows().find((r) => r.dataset['operationId'] === 'getOpenApiDocument')!.textContent).toContain('no auth');
    expect(wrapper.text()).toContain('7 operations in 4 groups');
    // Tokens are another tab's business: the reference does not load them.
    expect(fake.apiCalls.some((c) => c.path === '/tokens')).toBe(false);
  });

  it('filters from the URL, and the filter box writes the URL', async () => {
    const { wrapper, router } = await mountAt('/api/reference?q=newest');
    expect(rows().map((r) => r.dataset['operationId'])).toEqual(['listTokens']);
    expect(wrapper.text()).toContain('1 of 7 operations match');
    await wrapper.find('input[name="q"]').setValue('tokenid');
    await settle();
    expect(router.currentRoute.value.query).toEqual({ q: 'tokenid' });
    expect(rows().map((r) => r.dataset['operationId'])).toEqual(['getTokenById', 'deleteTokenById']);
    await wrapper.find('input[name="q"]').setValue('zzz');
    await settle();
    expect(wrapper.text()).toContain('No operations match “zzz”');
  });

  it('opens an operation on Enter in the filter, showing its parameters, security and response schema; Esc closes it', async () => {
    const { wrapper, router } = await mountAt('/api/reference?q=listTokens');
    await wrapper.find('input[name="q"]').trigger('keydown', { key: 'Enter' });
    await settle();
    expect(router.currentRoute.value.fullPath).toBe('/api/reference/listTokens?q=listTokens');
    const detail = drawer()!;
    // The drawer is titled by what the operation does, and named so for screen readers.
    const frame = document.querySelector<HTMLElement>('[data-testid="drawer"]')!;
    expect(frame.getAttribute('aria-label')).toBe('Lists the API tokens, newest first');
    expect(detail.textContent).toMatch(/GET\s*\/tokens/);
    expect(detail.querySelector('[data-testid="operation-permission"]')!.textContent).toBe('VIEW');
    expect(detail.querySelector('[data-testid="operation-security"]')!.textContent).toContain('HTTP Basic (client id and secret)');

    const params = [...detail.querySelectorAll<HTMLElement>('[data-testid="parameter-row"]')];
    expect(params.map((p) => p.dataset['name'])).toEqual(['limit', 'cursor']);
    expect(params[0]!.textContent).toMatch(/limit\s*optional\s*integer\s*1 to 100/);
    expect(params[0]!.textContent).toContain('Default 20');

    // The 200 answer starts open: its fields with required marks; the array opens onto ApiToken's fields.
    const ok = detail.querySelector<HTMLElement>('[data-testid="response"][data-status="200"]')!;
    expect(ok.textContent).toContain('A page of tokens');
    const field = (name: string) => ok.querySelector<HTMLElement>(`[data-field="${name}"]`);
    expect(field('data')!.textContent).toMatch(/data\s*array of ApiToken\s*required/);
    expect(field('hasMore')!.textContent).toContain('Whether another page follows');
    expect(field('permissions')).toBeNull();
    field('data')!.querySelector<HTMLButtonElement>('button[aria-label="Expand data"]')!.click();
    await settle();
    expect(field('permissions')!.textContent).toMatch(/VIEW\s*TRANSACT\s*MANAGE/);
    expect(field('id')!.textContent).toMatch(/id\s*string\s*required/);
    // Its example, in the JSON viewer.
    expect(ok.textContent).toContain('"Ops\' token"');
    // Error answers start closed.
    const unauthorized = detail.querySelector<HTMLElement>('[data-testid="response"][data-status="401"]')!;
    expect(unauthorized.querySelector('button')!.getAttribute('aria-expanded')).toBe('false');

    expect(detail.querySelector('[data-testid="curl-command"]')!.textContent).toBe('curl "http://127.0.0.1:4100/2025-10-13/tokens" \\\n  -u "$CLIENT_ID:$CLIENT_SECRET"');

    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    await settle();
    expect(router.currentRoute.value.fullPath).toBe('/api/reference?q=listTokens');
  });

  it('opens a deep link to an operation directly, with its request body schema', async () => {
    await mountAt('/api/reference/createToken');
    await settle();
    const body = drawer()!.querySelector<HTMLElement>('[data-testid="request-body"]')!;
    expect(body.textContent).toMatch(/name\s*string\s*required\s*at least 1 character/);
    expect(body.textContent).toMatch(/permissions\s*array of string/);
    expect(body.textContent).toMatch(/Default\s*\["VIEW"\]/);
    expect(drawer()!.textContent).toContain('Idempotency-Key');
  });

  it('says when a linked operation is not in the document', async () => {
    await mountAt('/api/reference/noSuchOperation');
    await settle();
    expect(drawer()!.textContent).toContain('No operation “noSuchOperation” in the document');
  });

  it('shows the credentials tab by default and switches to the reference with its tab link', async () => {
    const { wrapper, router } = await mountAt('/api');
    expect(wrapper.find('[data-testid="api-tab-credentials"]').attributes('aria-current')).toBe('page');
    expect(wrapper.text()).toContain('Tokens');
    await wrapper.find('[data-testid="api-tab-reference"]').trigger('click');
    await settle();
    expect(router.currentRoute.value.name).toBe('api-reference');
    expect(rows().length).toBe(8);
  });
});
