import { defineRoute, implement, reply } from '../api/contract';
import { exchangeRateListSchema, exchangeRatesQuery } from './schema';
import type { RateService } from './service';

/** `GET /exchange-rates`, declared once. */
export const rateContract = {
  getExchangeRates: defineRoute({
    method: 'get', path: '/exchange-rates', tag: 'Exchange rates', permission: 'VIEW',
    summary: 'Current exchange rates from one currency, with the platform fees',
    description: 'Prices `sendingAmount` from `sourceCurrency` into each `destinationCurrency` (repeat the parameter or separate codes with commas). '
      + 'Rates hold for a 5-minute window (`updatedAt` is its start) and the list is not paginated.',
    query: exchangeRatesQuery,
    responses: { 200: { description: 'One rate per destination currency', schema: exchangeRateListSchema } },
    errors: { 400: 'AMOUNT_OUT_OF_RANGE: sendingAmount is outside minSendingAmount..maxSendingAmount (both in `details`)' },
  }),
};

/** Serves the exchange rate route. */
export function rateRoutes(rates: RateService) {
  return implement(rateContract, {
    getExchangeRates: ({ query }) => reply(200, { data: rates.list(query.sourceCurrency, query.destinationCurrency, query.sendingAmount) }),
  });
}
