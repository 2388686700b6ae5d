import { z } from 'zod';

/** `GET /exchange-rates` query (`destinationCurrency` may repeat). */
export const exchangeRatesQuery = z.object({
  sourceCurrency: z.string().min(3).max(5).default('USD'),
  destinationCurrency: z.array(z.string().min(3).max(5)).optional(),
  sendingAmount: z.coerce.number().int().min(1).max(9_000_000_000_000_000).default(10_000),
});
