import { z } from 'zod';
import { MAX_AMOUNT } from '../kernel/money';
import { pageSchema } from '../kernel/pagination';
import { currencyAmountSchema } from '../payments/schema';

/** Every status of an invitation. */
export const INVITATION_STATUSES = ['PENDING', 'CLAIMED', 'EXPIRED', 'CANCELLED'] as const;
/** An invitation status. */
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

const uma = (description: string) => z.string().trim().min(3).max(200).meta({ description, example: '$alice@demo-platform.localhost' });

/** `POST /invitations` body (upstream shape: amountToSend is a plain integer in the inviter's currency). */
export const createInvitationSchema = z.object({
  inviterUma: uma("The inviting customer's UMA address"),
  firstName: z.string().trim().min(1).max(100).optional().meta({ description: 'The first name of the person invited, to greet them' }),
  amountToSend: z.number().int('must be an integer in the smallest unit of the currency').positive().max(MAX_AMOUNT).optional()
    .meta({ description: "An amount the inviter means to send once the invitation is claimed, in the smallest unit of the inviter's currency" }),
  expiresAt: z.iso.datetime().optional().meta({ description: 'When the invitation lapses (must be in the future); it never expires when absent' }),
}).strict().meta({ id: 'CreateInvitationRequest' });

/** `POST /invitations/{invitationCode}/claim` body. */
export const claimInvitationSchema = z.object({
  inviteeUma: uma('The UMA address of the person claiming the invitation'),
}).strict().meta({ id: 'ClaimInvitationRequest' });

/** An invitation as the API returns it. */
export const invitationSchema = z.object({
  code: z.string().meta({ description: 'The shareable code that identifies the invitation', example: 'K7P2QX9M' }),
  createdAt: z.iso.datetime(),
  inviterUma: z.string(),
  status: z.enum(INVITATION_STATUSES),
  url: z.string().meta({ description: 'Where the invitation can be claimed' }),
  claimedAt: z.iso.datetime().optional(),
  expiresAt: z.iso.datetime().optional(),
  inviteeUma: z.string().optional().meta({ description: 'Present once claimed' }),
  firstName: z.string().optional(),
  amountToSend: currencyAmountSchema.optional(),
}).strict().meta({ id: 'UmaInvitation' });
/** An invitation as the API returns it. */
export type Invitation = z.infer<typeof invitationSchema>;

/** A page of invitations (the console's list; upstream has no list route). */
export const invitationPageSchema = pageSchema(invitationSchema, 'UmaInvitationList');
