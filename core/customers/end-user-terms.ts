import { z } from 'zod';
import { defineRoute, implement, reply } from '../api/contract';
import { textResponse } from '../api/known-body';
import { publicApiUrl } from '../api/public-url';
import { notFound } from '../kernel/errors';

/** The version of the end-user terms the sandbox shows (upstream's example and only version so far). */
export const END_USER_TERMS_VERSION = 'V1';

/** `GET /customers/end-user-terms`: the terms a platform shows its customers before they pay. */
export const endUserTermsSchema = z.object({
  version: z.string().meta({ description: 'The version a customer accepts (endUserTermsConsent.termsVersion)', example: END_USER_TERMS_VERSION }),
  url: z.url().meta({ description: 'Where the terms are published', example: 'http://127.0.0.1:4100/2025-10-13/end-user-terms/V1' }),
}).strict().meta({ id: 'EndUserTerms' });

/** The end-user terms routes, declared once. Mounted before `/customers/{customerId}`, which would take `end-user-terms` for an id. */
export const endUserTermsContract = {
  getEndUserTerms: defineRoute({
    method: 'get', path: '/customers/end-user-terms', tag: 'Customers', permission: 'VIEW',
    summary: 'The current end-user terms: their version and where they are published',
    description: 'Platforms show these terms to their customers and record the acceptance (termsVersion) in endUserTermsConsent.',
    responses: { 200: { description: 'The current terms', schema: endUserTermsSchema } },
  }),
  getEndUserTermsDocument: defineRoute({
    method: 'get', path: '/end-user-terms/{version}', tag: 'Customers', permission: 'PUBLIC',
    summary: 'The published end-user terms, as an HTML page (a sandbox extension: where getEndUserTerms points)',
    params: z.object({ version: z.string().min(1).max(20).meta({ example: END_USER_TERMS_VERSION }) }),
    responses: { 200: { description: 'The terms page (text/html)' } },
    errors: { 404: 'NOT_FOUND: no terms of that version' },
  }),
};

const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>End-user terms ${END_USER_TERMS_VERSION}</title></head>
<body><h1>End-user terms, version ${END_USER_TERMS_VERSION}</h1>
<p>These are the sandbox's placeholder end-user terms. In production the payment provider publishes the terms your customers accept;
record the acceptance in <code>endUserTermsConsent</code> with <code>termsVersion: "${END_USER_TERMS_VERSION}"</code>.</p></body></html>`;

/** Serves the end-user terms and their page. */
export function endUserTermsRoutes(hostOrigins: readonly string[]) {
  return implement(endUserTermsContract, {
    getEndUserTerms: ({ c }) => reply(200, { version: END_USER_TERMS_VERSION, url: publicApiUrl(c, hostOrigins, `/end-user-terms/${END_USER_TERMS_VERSION}`) }),
    getEndUserTermsDocument: ({ params }) => {
      if (params.version !== END_USER_TERMS_VERSION) throw notFound('NOT_FOUND', `No end-user terms of version ${params.version}; the current version is ${END_USER_TERMS_VERSION}`);
      return textResponse(PAGE, { status: 200, headers: { 'content-type': 'text/html; charset=utf-8' } }) as never;
    },
  });
}
