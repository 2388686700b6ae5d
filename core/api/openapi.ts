import { OpenAPIHono, createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { describeBytes } from './body-limit';
import { errorSchema, type Contract, type RouteSpec } from './contract';
import { API_BASE, API_VERSION } from './types';
import { extensionOf } from './extensions';

/** Response examples by operation id and status, taken from a seeded workspace. */
export type Examples = Record<string, Partial<Record<number, unknown>>>;

/**
 * The error statuses a route can answer: the common ones every route shares (bad input, missing or
 * wrong credentials, a missing permission, an unknown id, an idempotency conflict) plus its own.
 */
export function errorStatuses(route: RouteSpec): Record<number, string> {
  const out: Record<number, string> = {};
  const mutating = route.method !== 'get';
  if (route.params || route.query || route.body || (mutating && !route.answersAnyBody)) out[400] = 'INVALID_INPUT: a field is missing or malformed (named in the message and in `details.errors`)';
  if (route.permission !== 'PUBLIC') {
    out[401] = 'UNAUTHORIZED: missing or wrong credentials';
    out[403] = route.permission === 'AGENT'
      ? "FORBIDDEN: the agent is paused, or its policy refuses the action (details.rule names the rule)"
      : `FORBIDDEN: the API token lacks the ${route.permission} permission`;
  }
  if (route.params) out[404] = 'The resource named in the path does not exist';
  if (mutating) out[409] = 'CONFLICT: the Idempotency-Key was used with another body, or its first request is still running';
  // Every body is bounded (api/body-limit.ts); a route with its own limit says so in its own 413.
  if (mutating && !route.errors?.[413] && !route.answersAnyBody) out[413] = `PAYLOAD_TOO_LARGE: the body is larger than ${route.maxBodyBytes ? describeBytes(route.maxBodyBytes) : 'the JSON limit (1 MB unless the host sets another)'} (details.limitBytes)`;
  for (const [status, text] of Object.entries(route.errors ?? {})) out[Number(status)] = out[Number(status)] ? `${out[Number(status)]}; ${text}` : text;
  return out;
}

const idempotencyHeader = z.string().min(1).max(255).optional().meta({
  description: 'Makes a retry safe: the same key and body replay the first answer (with `Idempotent-Replayed: true`); another body is a 409',
});
const signatureHeader = z.string().optional().meta({ description: 'The session key\'s stamp over the challenge payload, on the retry of a signed wallet action' });
const requestIdHeader = z.string().optional().meta({ description: 'The requestId of the 202 challenge this retry answers' });

function openApiRoute(name: string, route: RouteSpec, examples: Examples) {
  const responses: Record<string, { description: string; content?: Record<string, { schema: z.ZodType; example?: unknown }> }> = {};
  for (const [status, r] of Object.entries(route.responses)) {
    const example = examples[name]?.[Number(status)];
    responses[status] = r.schema
      ? { description: r.description, content: { 'application/json': { schema: r.schema, ...(example !== undefined ? { example } : {}) } } }
      : { description: r.description };
  }
  for (const [status, description] of Object.entries(errorStatuses(route))) {
    responses[status] = { description, content: { 'application/json': { schema: errorSchema } } };
  }
  const headers: Record<string, z.ZodType> = {};
  if (route.method !== 'get') headers['Idempotency-Key'] = idempotencyHeader;
  if (route.signed) Object.assign(headers, { 'Svc-Wallet-Signature': signatureHeader, 'Request-Id': requestIdHeader });
  const extension = extensionOf(route.path);
  return createRoute({
    method: route.method,
    path: route.path,
    operationId: name,
    tags: [route.tag],
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    security: route.permission === 'PUBLIC' ? [] : route.permission === 'AGENT' ? [{ bearerAuth: [] }] : [{ basicAuth: [] }],
    request: {
      ...(route.params ? { params: route.params } : {}),
      ...(route.query ? { query: route.query } : {}),
      ...(Object.keys(headers).length ? { headers: z.object(headers) } : {}),
      ...(route.body ? { body: { required: !route.body.safeParse(undefined).success, content: { 'application/json': { schema: route.body } } } } : {}),
      ...(route.form ? { body: { required: true, content: { 'multipart/form-data': { schema: route.form } } } } : {}),
    },
    responses,
    ...(route.permission !== 'PUBLIC' && route.permission !== 'AGENT' ? { 'x-permission': route.permission } : {}),
    ...(extension ? { 'x-extension': true, 'x-extension-reason': extension.why } : {}),
  });
}

/** Options of the served document. */
export interface DocumentOptions {
  /** The server's origin (`http://127.0.0.1:4100`) when known; the document is relative otherwise. */
  origin?: string;
  examples?: Examples;
}

/** Builds the OpenAPI 3.1 document of every declared route. */
export function buildOpenApiDocument(contract: Contract, options: DocumentOptions = {}): Record<string, unknown> {
  const doc = new OpenAPIHono();
  const registry = doc.openAPIRegistry;
  registry.registerComponent('securitySchemes', 'basicAuth', {
    type: 'http', scheme: 'basic', description: 'An API token: its client id as the user name and its secret as the password',
  });
  registry.registerComponent('securitySchemes', 'bearerAuth', {
    type: 'http', scheme: 'bearer', description: "An agent's access token, returned once when its device code is redeemed",
  });
  for (const [name, route] of Object.entries(contract)) registry.registerPath(openApiRoute(name, route, options.examples ?? {}));
  const tags = [...new Set(Object.values(contract).map((r) => r.tag))].map((name) => ({ name }));
  return doc.getOpenAPI31Document({
    openapi: '3.1.0',
    info: {
      title: 'Cross-Border Payments Platform API (local sandbox)',
      version: API_VERSION,
      description: 'The payments API served by the local console over its SQLite workspace. Amounts are integers in the smallest unit of their currency.',
    },
    servers: [{ url: `${options.origin ?? ''}${API_BASE}`, description: 'This local sandbox' }],
    tags,
  }) as unknown as Record<string, unknown>;
}
