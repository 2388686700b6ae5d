import { z } from 'zod';
import { defineRoute, implement, reply } from '../api/contract';
import { claimInvitationSchema, createInvitationSchema, invitationSchema } from './schema';
import type { InvitationService } from './service';

const TAG = 'Invitations';
const codeParam = z.object({ invitationCode: z.string().min(1).max(64).meta({ description: 'The code of the invitation', example: 'K7P2QX9M' }) });

/** `POST /invitations`, `GET /invitations/{code}`, claim and cancel, declared once. */
export const invitationContract = {
  createInvitation: defineRoute({
    method: 'post', path: '/invitations', tag: TAG, permission: 'TRANSACT',
    summary: 'Creates a UMA invitation from one of the platform’s customers',
    description: 'The answer carries a shareable code and url. amountToSend is an integer in the smallest unit of the inviter’s first currency.',
    body: createInvitationSchema,
    responses: { 201: { description: 'The PENDING invitation', schema: invitationSchema } },
    errors: { 400: 'INVALID_UMA_ADDRESS: inviterUma malformed or held by no customer; INVALID_INPUT: expiresAt not in the future' },
  }),
  getInvitation: defineRoute({
    method: 'get', path: '/invitations/{invitationCode}', tag: TAG, permission: 'VIEW',
    summary: 'One invitation by its code',
    params: codeParam,
    responses: { 200: { description: 'The invitation', schema: invitationSchema } },
    errors: { 404: 'INVITATION_NOT_FOUND' },
  }),
  claimInvitation: defineRoute({
    method: 'post', path: '/invitations/{invitationCode}/claim', tag: TAG, permission: 'TRANSACT',
    summary: 'Claims an invitation for the invitee’s UMA address; the INVITATION.CLAIMED webhook follows',
    params: codeParam,
    body: claimInvitationSchema,
    responses: { 200: { description: 'The CLAIMED invitation', schema: invitationSchema } },
    errors: {
      400: 'INVITATION_ALREADY_CLAIMED, INVITATION_CANCELLED, EXPIRED, INVALID_UMA_ADDRESS (malformed, or the inviter’s own address)',
      404: 'INVITATION_NOT_FOUND',
    },
  }),
  cancelInvitation: defineRoute({
    method: 'post', path: '/invitations/{invitationCode}/cancel', tag: TAG, permission: 'TRANSACT',
    summary: 'Cancels a pending invitation (cancelling a cancelled one answers it unchanged)',
    params: codeParam,
    responses: { 200: { description: 'The CANCELLED invitation', schema: invitationSchema } },
    errors: { 400: 'INVITATION_ALREADY_CLAIMED, EXPIRED', 404: 'INVITATION_NOT_FOUND' },
  }),
};

/** Serves the invitation routes. */
export function invitationRoutes(invitations: InvitationService) {
  return implement(invitationContract, {
    createInvitation: ({ body }) => reply(201, invitations.create(body)),
    getInvitation: ({ params }) => reply(200, invitations.get(params.invitationCode)),
    claimInvitation: ({ params, body }) => reply(200, invitations.claim(params.invitationCode, body)),
    cancelInvitation: ({ params }) => reply(200, invitations.cancel(params.invitationCode)),
  });
}
