import { z } from 'zod';
import { currencySchema } from '../payments/schema';
import { PAYMENT_RAILS } from '../payments/vocabulary';

const code = z.string().min(3).max(5);

/** `GET /exchange-rates` query (`destinationCurrency` repeats or takes a comma-separated list). */
export const exchangeRatesQuery = z.object({
  sourceCurrency: code.default('USD').meta({ description: 'The currency sent (default USD)', example: 'USD' }),
  destinationCurrency: z.array(code).optional()
    .meta({ description: 'Currencies received, repeated or comma-separated (default: every other supported currency)', example: ['MXN', 'EUR'] }),
  sendingAmount: z.coerce.number().int().min(1).max(9_000_000_000_000_000).default(10_000)
    .meta({ description: 'Amount to price, in the smallest unit of the source currency (default 10000)' }),
});

const minor = z.number().int();

/** The price of one corridor in the current 5-minute window, with the platform's fees. */
export const exchangeRateSchema = z.object({
  sourceCurrency: currencySchema,
  destinationCurrency: currencySchema,
  destinationPaymentRail: z.enum(PAYMENT_RAILS).meta({ description: 'The rail the destination currency is paid out on' }),
  minSendingAmount: minor.meta({ description: 'Smallest sendingAmount accepted (covers the fixed fee), in source minor units' }),
  maxSendingAmount: minor.meta({ description: "Largest sendingAmount accepted (the platform's limit), in source minor units" }),
  sendingAmount: minor.meta({ description: 'The amount priced (the query value, echoed)', example: 10000 }),
  receivingAmount: minor.meta({ description: 'What arrives after fees, in destination minor units', example: 170_580 }),
  exchangeRate: z.number().positive().meta({ description: 'Source currency units per one destination currency unit', example: 0.0585 }),
  fees: z.object({
    fixed: minor.meta({ description: "The platform's fixed fee in the source currency" }),
    variable: minor.meta({ description: 'The variable fee: sendingAmount times the platform rate, rounded' }),
    total: minor.meta({ description: 'fixed + variable, taken from sendingAmount' }),
  }).strict().meta({ id: 'ExchangeRateFees' }),
  updatedAt: z.iso.datetime().meta({ description: 'Start of the 5-minute window the rate is cached for' }),
}).strict().meta({ id: 'ExchangeRate', description: 'The price of one corridor, cached for about 5 minutes' });

/** The ExchangeRate resource. */
export type ExchangeRate = z.infer<typeof exchangeRateSchema>;

/** `GET /exchange-rates` response: not paginated. */
export const exchangeRateListSchema = z.object({ data: z.array(exchangeRateSchema) }).strict().meta({ id: 'ExchangeRateList' });
