import { z } from 'zod';
import { defineRoute, implement, reply } from '../api/contract';
import { listRoute } from '../api/list-route';
import { invalidInput } from '../kernel/errors';
import { decodeCursor, encodeCursor, pageQuerySchema, pageSchema, type Page } from '../kernel/pagination';
import { currencySchema } from '../payments/schema';
import { corridors, institutions, umaProviders, vasps } from './catalogue';

const TAG = 'Discoveries';
const country = z.string().regex(/^[A-Z]{2}$/, 'must be an ISO 3166-1 alpha-2 code such as PH');
const currencyCode = z.string().regex(/^[A-Z]{3,5}$/, 'must be a currency code such as PHP');

const institutionSchema = z.object({
  bankName: z.string().meta({ description: 'The value to pass as bankName when creating an external account' }),
  displayName: z.string(), country: z.string(), currency: z.string(),
}).strict().meta({ id: 'Discovery' });
const umaProviderSchema = z.object({
  name: z.string(), domain: z.string(), supportedRegions: z.array(z.string()), supportedCurrencies: z.array(currencySchema),
  allowListStatus: z.boolean().meta({ description: 'Whether the provider is on the platform’s allow list' }),
}).strict().meta({ id: 'AvailableUmaProvider' });
const vaspSchema = z.object({
  vaspName: z.string().meta({ description: "The provider's name (upstream's field)" }),
  url: z.string().meta({ description: "The provider's site" }),
  name: z.string().meta({ description: 'The same as vaspName (kept for clients of earlier versions)' }), domain: z.string(), supportedCurrencies: z.array(currencySchema), networks: z.array(z.string()),
}).strict().meta({ id: 'Vasp' });

/** Pages a fixed, ordered catalogue: the cursor names the last item's key, so a page never repeats or skips one. */
function pageOf<T>(items: T[], key: (t: T) => string, limit: number, cursor: string | undefined): Page<T> {
  let start = 0;
  if (cursor) {
    const at = decodeCursor(cursor);
    const i = items.findIndex((t) => key(t) === at.id);
    if (i < 0) throw invalidInput('cursor', 'is not a cursor returned by this list');
    start = i + 1;
  }
  const data = items.slice(start, start + limit);
  const hasMore = start + limit < items.length;
  const page: Page<T> = { data, hasMore, totalCount: items.length };
  if (hasMore && data.length) page.nextCursor = encodeCursor({ k: start + data.length, id: key(data.at(-1)!) });
  return page;
}

/** Refuses a currency the rate table does not know, so a filter never silently answers an empty list. */
function knownCurrency(code: string | undefined, field: string): void {
  if (code && !corridors().some((k) => k.currency === code) && !['BTC', 'USDC', 'USDT'].includes(code)) {
    throw invalidInput(field, `${code} is not a currency the sandbox pays out in; GET /exchange-rates lists them`);
  }
}

/** `GET /discoveries`, `GET /uma-providers` and `GET /vasps`: the sandbox's catalogue, consistent with the rate table. */
export const discoveryContract = {
  getDiscoveries: defineRoute({
    method: 'get', path: '/discoveries', tag: TAG, permission: 'VIEW',
    summary: 'Receiving institutions by country and currency (every corridor of the rate table when no filter is given)',
    query: z.object({ country: country.optional(), currency: currencyCode.optional() }),
    responses: { 200: { description: 'The institutions', schema: z.object({ data: z.array(institutionSchema) }).strict().meta({ id: 'DiscoveryList' }) } },
    errors: { 400: 'INVALID_INPUT: a malformed country or currency, or a currency the sandbox does not pay out in' },
  }),
  getAvailableUmaProviders: listRoute({
    path: '/uma-providers', tag: 'Available UMA providers', permission: 'VIEW',
    summary: 'UMA providers a payment can reach, by country and currency',
    query: z.object({
      countryCode: country.optional(), currencyCode: currencyCode.optional(),
      hasBlockedProviders: z.enum(['true', 'false']).default('true').transform((v) => v === 'true')
        .meta({ description: 'Whether providers not on the allow list are included (default true)' }),
      ...pageQuerySchema.shape,
      sortOrder: z.enum(['asc', 'desc']).default('desc'),
    }),
    page: pageSchema(umaProviderSchema, 'AvailableUmaProviderList'), items: 'providers',
    errors: { 400: 'INVALID_INPUT: a malformed country or currency, or a currency the sandbox does not pay out in' },
  }),
  listVasps: listRoute({
    path: '/vasps', tag: 'VASPs', permission: 'VIEW',
    summary: 'Virtual asset service providers crypto payouts can reach',
    query: z.object({ currency: currencyCode.optional(), ...pageQuerySchema.shape }),
    page: pageSchema(vaspSchema, 'VaspList'), items: 'VASPs',
    errors: { 400: 'INVALID_INPUT: a malformed currency' },
  }),
};

/** Serves the catalogue routes. */
export function discoveryRoutes() {
  return implement(discoveryContract, {
    getDiscoveries: ({ query }) => {
      knownCurrency(query.currency, 'currency');
      return reply(200, { data: institutions().filter((i) => (!query.country || i.country === query.country) && (!query.currency || i.currency === query.currency)) });
    },
    getAvailableUmaProviders: ({ query }) => {
      knownCurrency(query.currencyCode, 'currencyCode');
      const all = umaProviders().filter((p) => (!query.countryCode || p.supportedRegions.includes(query.countryCode))
        && (!query.currencyCode || p.supportedCurrencies.some((c) => c.code === query.currencyCode))
        && (query.hasBlockedProviders || p.allowListStatus));
      const ordered = query.sortOrder === 'asc' ? all : [...all].reverse();
      return reply(200, pageOf(ordered, (p) => p.domain, query.limit, query.cursor));
    },
    listVasps: ({ query }) => {
      const matching = vasps().filter((v) => !query.currency || v.supportedCurrencies.some((c) => c.code === query.currency));
      return reply(200, pageOf(matching, (v) => v.url, query.limit, query.cursor));
    },
  });
}
