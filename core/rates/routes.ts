import type { ApiApp } from '../api/types';
import { requirePermission } from '../api/guard';
import { queryOf } from '../api/validate';
import { json } from '../api/app';
import { exchangeRatesQuery } from './schema';
import type { RateService } from './service';

/** `GET /exchange-rates` (not paginated: `{data: [...]}`). */
export function rateRoutes(rates: RateService) {
  return (app: ApiApp) => {
    app.get('/exchange-rates', (c) => {
      requirePermission(c, 'VIEW');
      const q = queryOf(c, exchangeRatesQuery, ['destinationCurrency']);
      return json({ data: rates.list(q.sourceCurrency, q.destinationCurrency, q.sendingAmount) });
    });
  };
}
