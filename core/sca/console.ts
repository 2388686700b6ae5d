import { z } from 'zod';
import { handler } from '../api/console-handler';
import type { ScaService } from './service';

/** Console handlers for SCA: a customer's factors with what the public API does not show (lockout, trusted beneficiaries). */
export function scaHandlers(sca: ScaService) {
  return {
    'sca/customer': handler(z.object({ customerId: z.string().min(1) }), ({ customerId }) => sca.overview(customerId)),
  };
}
