import { z } from 'zod';
import { handler } from '../api/console-handler';
import type { VerificationAreas } from './routes';

/** Console handlers of verifications: a customer's KYB history, beneficial owners, verified contacts, and external accounts' ownership. */
export function verificationHandlers(v: VerificationAreas) {
  return {
    'verifications/customer': handler(z.object({ customerId: z.string().min(1) }), ({ customerId }) => ({
      verifications: v.kyb.list({ customerId, limit: 20 }).data,
      owners: v.owners.list({ customerId, limit: 50 }).data,
      verifiedContacts: v.contacts.verified(customerId),
    })),
    'verifications/ownership': handler(z.object({ accountIds: z.array(z.string().min(1)).max(200) }), ({ accountIds }) => v.ownership.states(accountIds)),
  };
}
