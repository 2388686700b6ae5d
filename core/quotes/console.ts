import { z } from 'zod';
import { handler } from '../api/console-handler';
import type { InternalAccountService } from '../accounts/internal-service';
import type { ExternalAccountService } from '../accounts/external-service';
import type { CustomerService } from '../customers/service';
import { QUOTE_OUTCOMES, SANDBOX_UMA_DOMAIN, outcomeKey, UMA_RECIPIENTS, umaRefusal } from '../payments/outcomes';
import type { QuoteService } from './service';
import { QUOTE_STATUSES } from './schema';

/** The quotes history's query: text on the id or description, plus status, customer, currencies and dates. */
export const quoteHistoryQuery = z.object({
  q: z.string().trim().max(200).optional(),
  status: z.array(z.enum(QUOTE_STATUSES)).optional(),
  customerId: z.string().min(1).max(200).optional(),
  sendingCurrency: z.string().min(3).max(5).optional(),
  receivingCurrency: z.string().min(3).max(5).optional(),
  from: z.iso.datetime().optional(),
  to: z.iso.datetime().optional(),
  limit: z.number().int().min(1).max(200).default(50),
  cursor: z.string().optional(),
});

/** Console handlers of the quote workbench: what can be quoted, a quote with its live state, and the history of past quotes. */
export function quoteHandlers(quotes: QuoteService, internal: InternalAccountService, external: ExternalAccountService, customers: CustomerService) {
  return {
    'quotes/options': handler(z.object({}), () => ({
      sources: internal.list({ owner: 'CUSTOMERS', limit: 100 }).data.concat(internal.list({ owner: 'PLATFORM', limit: 100 }).data)
        .filter((a) => a.status === 'ACTIVE')
        .map((a) => ({ accountId: a.id, customerId: a.customerId ?? null, currency: a.balance.currency.code, balance: a.balance, type: a.type })),
      destinations: external.list('CUSTOMER', { limit: 100 }).data.concat(external.list('PLATFORM', { limit: 100 }).data).map((a) => {
        const primary = String(a.accountInfo['accountNumber'] ?? a.accountInfo['iban'] ?? a.accountInfo['clabeNumber'] ?? a.accountInfo['address'] ?? a.accountInfo['pixKey'] ?? a.accountInfo['vpa'] ?? a.accountInfo['phoneNumber'] ?? '');
        const key = outcomeKey(primary, QUOTE_OUTCOMES);
        return { accountId: a.id, customerId: a.customerId ?? null, currency: a.currency, accountType: String(a.accountInfo['accountType']), identifier: primary, scenario: QUOTE_OUTCOMES[key]!.name, scenarioDescription: QUOTE_OUTCOMES[key]!.description, steps: QUOTE_OUTCOMES[key]!.steps };
      }),
      // The hints come from the very tables the sandbox runs (steps, and the lookup's refusal), so they cannot disagree.
      umaRecipients: Object.entries(UMA_RECIPIENTS).map(([local, r]) => ({
        umaAddress: `${local}@${SANDBOX_UMA_DOMAIN}`, currency: r.currency, scenario: r.outcome.name, description: r.outcome.description, steps: r.outcome.steps, refusal: umaRefusal(r),
      })),
      scenarios: Object.entries(QUOTE_OUTCOMES).map(([suffix, s]) => ({ suffix, name: s.name, description: s.description, steps: s.steps })),
    })),
    'quotes/get': handler(z.object({ id: z.string().min(1) }), ({ id }) => quotes.get(id)),
    /** Past quotes (the console's and integrators'), each with its customer's name, keyset-paged with the total count. */
    'quotes/list': handler(quoteHistoryQuery, (f) => {
      const page = quotes.history(f);
      const names = customers.summaries([...new Set(page.data.flatMap((i) => (i.customerId ? [i.customerId] : [])))]);
      const nameOf = (id: string | null) => {
        const c = id ? names.get(id) : undefined;
        return c ? c.name || c.platformCustomerId : null;
      };
      return { ...page, data: page.data.map((i) => ({ ...i, customerName: nameOf(i.customerId) })) };
    }),
  };
}
