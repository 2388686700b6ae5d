import { z } from 'zod';
import { defineRoute, implement, reply, type Contract, type RouteModule } from './contract';
import { buildOpenApiDocument, type DocumentOptions } from './openapi';

/** The API's own reference, declared like every other route so that it is in itself. */
export const referenceContract = {
  getOpenApiDocument: defineRoute({
    method: 'get', path: '/openapi.json', tag: 'Reference', permission: 'PUBLIC',
    summary: 'The OpenAPI 3.1 document of every route (no credentials needed)',
    responses: { 200: { description: 'The document', schema: z.record(z.string(), z.unknown()).meta({ id: 'OpenApiDocument' }) } },
  }),
};

/** Serves the document of `contract` (which includes this route), rebuilt only when the origin changes. */
export function referenceRoutes(contract: () => Contract, source: () => DocumentOptions | Promise<DocumentOptions>): RouteModule {
  let cached: { origin: string; doc: Record<string, unknown> } | undefined;
  return implement(referenceContract, {
    getOpenApiDocument: async ({ c }) => {
      const configured = await source();
      // The server address is the one the caller reached (the Host check admits loopback names only);
      // console calls, which have no address of their own, get the host's configured origin.
      const options = c.env?.consoleCall ? configured : { ...configured, origin: new URL(c.req.url).origin };
      const origin = options.origin ?? '';
      if (cached?.origin !== origin) cached = { origin, doc: buildOpenApiDocument(contract(), options) };
      return reply(200, cached.doc);
    },
  });
}
