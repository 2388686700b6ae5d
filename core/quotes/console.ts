import { z } from 'zod';
import { handler } from '../api/console-handler';
import type { InternalAccountService } from '../accounts/internal-service';
import type { ExternalAccountService } from '../accounts/external-service';
import { QUOTE_SCENARIOS, SANDBOX_UMA_DOMAIN, scenarioKey, UMA_RECIPIENTS } from '../payments/scenarios';
import type { QuoteService } from './service';

/** Console handlers of the quote workbench: what can be quoted, and a quote with its live state. */
export function quoteHandlers(quotes: QuoteService, internal: InternalAccountService, external: ExternalAccountService) {
  return {
    'quotes/options': handler(z.object({}), () => ({
      sources: internal.list({ owner: 'CUSTOMERS', limit: 100 }).data.concat(internal.list({ owner: 'PLATFORM', limit: 100 }).data)
        .filter((a) => a.status === 'ACTIVE')
        .map((a) => ({ accountId: a.id, customerId: a.customerId ?? null, currency: a.balance.currency.code, balance: a.balance, type: a.type })),
      destinations: external.list('CUSTOMER', { limit: 100 }).data.concat(external.list('PLATFORM', { limit: 100 }).data).map((a) => {
        const primary = String(a.accountInfo['accountNumber'] ?? a.accountInfo['iban'] ?? a.accountInfo['clabeNumber'] ?? a.accountInfo['address'] ?? a.accountInfo['pixKey'] ?? a.accountInfo['vpa'] ?? a.accountInfo['phoneNumber'] ?? '');
        const key = scenarioKey(primary, QUOTE_SCENARIOS);
        return { accountId: a.id, customerId: a.customerId ?? null, currency: a.currency, accountType: String(a.accountInfo['accountType']), identifier: primary, scenario: QUOTE_SCENARIOS[key]!.name, scenarioDescription: QUOTE_SCENARIOS[key]!.description };
      }),
      umaRecipients: Object.entries(UMA_RECIPIENTS).map(([local, r]) => ({ umaAddress: `${local}@${SANDBOX_UMA_DOMAIN}`, currency: r.currency, scenario: r.scenario.name, description: r.scenario.description })),
      scenarios: Object.entries(QUOTE_SCENARIOS).map(([suffix, s]) => ({ suffix, name: s.name, description: s.description })),
    })),
    'quotes/get': handler(z.object({ id: z.string().min(1) }), ({ id }) => quotes.get(id)),
  };
}
