import { z } from 'zod';
import { handler } from '../api/console-handler';
import type { CustomerService } from '../customers/service';
import { INVITATION_STATUSES } from './schema';
import type { InvitationService } from './service';

/** Console handlers of the Invitations screen: the list (upstream has no list route), with each inviter's name. */
export function invitationHandlers(invitations: InvitationService, customers: CustomerService) {
  return {
    'invitations/list': handler(z.object({
      status: z.enum(INVITATION_STATUSES).optional(),
      customerId: z.string().min(1).max(200).optional(),
      limit: z.number().int().min(1).max(200).default(50),
      cursor: z.string().optional(),
    }), (f) => {
      const page = invitations.list(f);
      const ids = page.data.map((i) => invitations.record(i.code).inviterCustomerId);
      const names = customers.summaries([...new Set(ids)]);
      return { ...page, data: page.data.map((i, n) => ({ ...i, inviterCustomerId: ids[n]!, inviterName: names.get(ids[n]!)?.name ?? null })) };
    }),
  };
}
