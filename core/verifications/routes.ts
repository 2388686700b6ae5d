import { z } from 'zod';
import { defineRoute, idParam, implement, noContent, reply } from '../api/contract';
import { listRoute } from '../api/list-route';
import {
  confirmCodeSchema, contactVerifiedSchema, createOwnerSchema, createVerificationSchema, kycLinkBodySchema, kycLinkSchema, listOwnersQuery,
  listVerificationsQuery, ownerPageSchema, ownerSchema, updateOwnerSchema, verificationPageSchema, verificationSchema,
} from './schema';
import type { KybVerifications } from './service';
import type { BeneficialOwners } from './owners';
import type { KycLinks } from './kyc-link';
import type { ContactVerification } from './contact';
import { externalAccountSchema } from '../accounts/external-schema';
import { ownershipChallengeRequestSchema, ownershipChallengeSchema, ownershipVerifySchema, type OwnershipChallenges } from './ownership';

const KYC = 'KYC/KYB verifications';
const CONTACT = 'Contact verification';
const customerId = z.object({ customerId: idParam('The customer id', 'Customer:019a4b7e-8c1d-7e2f-9a3b-4c5d6e7f8a9b') });
const ownerId = z.object({ beneficialOwnerId: idParam('The beneficial owner id', 'BeneficialOwner:019a4b7e-8c1d-7e2f-9a3b-4c5d6e7f8a9b') });
const customerErrors = { 404: 'USER_NOT_FOUND', 410: 'CUSTOMER_DELETED' };
const contactErrors = {
  ...customerErrors,
  400: 'INVALID_INPUT: the customer has no such contact, or the code is wrong or expired',
  409: "CONFLICT: the customer's provider does not require contact verification (details.reason CONTACT_VERIFICATION_NOT_REQUIRED), or no code is waiting",
};

const accountParams = z.object({ externalAccountId: idParam('The external account id', 'ExternalAccount:019a4b7e-8c1d-7e2f-9a3b-4c5d6e7f8a9b') });
const challengeRoute = {
  tag: 'External accounts', permission: 'MANAGE', params: accountParams, body: ownershipChallengeRequestSchema,
  summary: 'Starts an ownership check of a wallet: a signature by its key, or a liveness check',
  description: 'WALLET_SIGNATURE answers messageToSign, to be signed as the chain\'s wallets sign messages (EIP-191 personal_sign on Ethereum, Polygon, Base '
    + 'and Plasma; TRON signMessageV2; Solana ed25519; Spark: a Bitcoin signed message by the identity key, BIP-137 or Electrum). LIVENESS answers a '
    + 'verificationLink and a token; the sandbox\'s liveness check always passes, so the token sent back as `signature` completes it. A challenge lasts '
    + '15 minutes on the workspace clock, answers once, and replaces any open one.',
  responses: { 201: { description: 'The challenge', schema: ownershipChallengeSchema } },
  errors: {
    400: "INVALID_INPUT: an unknown method, a bank account (not a wallet), or WALLET_SIGNATURE for a wallet whose address encodes no key (Lightning, a placeholder address)",
    404: 'REFERENCE_NOT_FOUND: no such external account',
  },
} as const;
const verifyRoute = {
  tag: 'External accounts', permission: 'MANAGE', params: accountParams, body: ownershipVerifySchema,
  summary: "Proves ownership: the wallet's signature of messageToSign, or the liveness challenge's token",
  responses: { 200: { description: 'The external account, now proven', schema: externalAccountSchema } },
  errors: {
    400: 'INVALID_INPUT: the signature is malformed for the wallet\'s chain, or not by the wallet\'s key, or not the liveness token',
    404: 'REFERENCE_NOT_FOUND: no such external account',
    409: 'CONFLICT: no open challenge (none, already used, replaced) or it expired (details.reason CHALLENGE_EXPIRED)',
  },
} as const;

/** KYB verifications, beneficial owners, KYC links, contact verification and external-account ownership, declared once. */
export const verificationContract = {
  createVerification: defineRoute({
    method: 'post', path: '/verifications', tag: KYC, permission: 'MANAGE',
    summary: 'Starts the KYB of a business customer',
    description: 'Missing data gives RESOLVE_ERRORS with `errors[]`. Otherwise READY_FOR_VERIFICATION, IN_PROGRESS 1 s later (kybStatus PENDING), and 30 s later '
      + 'the sandbox outcome by the last 3 digits of businessInfo.registrationNumber: 001 PENDING_MANUAL_REVIEW (kybStatus stays PENDING), 002 REJECTED, other APPROVED.',
    body: createVerificationSchema,
    responses: { 200: { description: 'The verification', schema: verificationSchema } },
    errors: { ...customerErrors, 400: 'INVALID_INPUT: the customer is an individual', 409: 'CONFLICT: a verification of this customer is already running' },
  }),
  listVerifications: listRoute({
    path: '/verifications', tag: KYC, permission: 'VIEW',
    summary: 'Lists verifications, newest first',
    query: listVerificationsQuery,
    page: verificationPageSchema, items: 'verifications',
  }),
  getVerification: defineRoute({
    method: 'get', path: '/verifications/{verificationId}', tag: KYC, permission: 'VIEW',
    summary: 'One verification with its history',
    params: z.object({ verificationId: idParam('The verification id', 'Verification:019a4b7e-8c1d-7e2f-9a3b-4c5d6e7f8a9b') }),
    responses: { 200: { description: 'The verification', schema: verificationSchema } },
    errors: { 404: 'REFERENCE_NOT_FOUND: no such verification' },
  }),
  createBeneficialOwner: defineRoute({
    method: 'post', path: '/beneficial-owners', tag: KYC, permission: 'MANAGE',
    summary: 'Adds a beneficial owner to a business customer and starts its KYC',
    description: 'kycStatus is PENDING; 10 s later the last 3 characters of personalInfo.lastName decide: 001 stays PENDING, 002 REJECTED, other APPROVED.',
    body: createOwnerSchema,
    responses: { 201: { description: 'The beneficial owner', schema: ownerSchema } },
    errors: { ...customerErrors, 400: 'INVALID_INPUT: the customer is an individual' },
  }),
  listBeneficialOwners: listRoute({
    path: '/beneficial-owners', tag: KYC, permission: 'VIEW',
    summary: 'Lists beneficial owners, newest first',
    query: listOwnersQuery,
    page: ownerPageSchema, items: 'beneficial owners',
  }),
  getBeneficialOwner: defineRoute({
    method: 'get', path: '/beneficial-owners/{beneficialOwnerId}', tag: KYC, permission: 'VIEW',
    summary: 'One beneficial owner',
    params: ownerId,
    responses: { 200: { description: 'The beneficial owner', schema: ownerSchema } },
    errors: { 404: 'REFERENCE_NOT_FOUND: no such beneficial owner' },
  }),
  updateBeneficialOwner: defineRoute({
    method: 'patch', path: '/beneficial-owners/{beneficialOwnerId}', tag: KYC, permission: 'MANAGE',
    summary: "Changes a beneficial owner's details (a new last name runs the KYC again)",
    params: ownerId,
    body: updateOwnerSchema,
    responses: { 200: { description: 'The beneficial owner', schema: ownerSchema } },
    errors: { 404: 'REFERENCE_NOT_FOUND: no such beneficial owner', 410: 'CUSTOMER_DELETED' },
  }),
  createCustomerKycLink: defineRoute({
    method: 'post', path: '/customers/{customerId}/kyc-link', tag: KYC, permission: 'MANAGE',
    summary: 'Issues a hosted KYC link for an individual',
    description: 'kycStatus becomes PENDING. The sandbox serves no page: 60 s later on the workspace clock the flow completes with the outcome '
      + 'the last 3 characters of the last word of fullName choose (001 stays PENDING, 002 REJECTED, other APPROVED).',
    params: customerId,
    body: kycLinkBodySchema,
    responses: { 201: { description: 'The link', schema: kycLinkSchema } },
    errors: { ...customerErrors, 400: 'INVALID_INPUT: the customer is a business (use POST /verifications)' },
  }),
  sendCustomerEmailVerification: defineRoute({
    method: 'post', path: '/customers/{customerId}/verify-email', tag: CONTACT, permission: 'MANAGE',
    summary: "Sends a one-time code to the customer's email (sandbox code 000000)",
    params: customerId,
    responses: { 204: { description: 'The code was sent' } },
    errors: contactErrors,
  }),
  confirmCustomerEmailVerification: defineRoute({
    method: 'post', path: '/customers/{customerId}/verify-email/confirm', tag: CONTACT, permission: 'MANAGE',
    summary: 'Confirms the email code',
    params: customerId,
    body: confirmCodeSchema,
    responses: { 200: { description: 'The customer, its email now VERIFIED in contactVerification', schema: contactVerifiedSchema } },
    errors: contactErrors,
  }),
  sendCustomerPhoneVerification: defineRoute({
    method: 'post', path: '/customers/{customerId}/verify-phone', tag: CONTACT, permission: 'MANAGE',
    summary: "Sends a one-time code to the customer's phone (sandbox code 000000)",
    params: customerId,
    responses: { 204: { description: 'The code was sent' } },
    errors: contactErrors,
  }),
  confirmCustomerPhoneVerification: defineRoute({
    method: 'post', path: '/customers/{customerId}/verify-phone/confirm', tag: CONTACT, permission: 'MANAGE',
    summary: 'Confirms the phone code',
    params: customerId,
    body: confirmCodeSchema,
    responses: { 200: { description: 'The customer, its phone number now VERIFIED in contactVerification', schema: contactVerifiedSchema } },
    errors: contactErrors,
  }),
  createExternalAccountOwnershipChallenge: defineRoute({
    method: 'post', path: '/customers/external-accounts/{externalAccountId}/challenge', ...challengeRoute,
  }),
  verifyExternalAccountOwnership: defineRoute({
    method: 'post', path: '/customers/external-accounts/{externalAccountId}/verify', ...verifyRoute,
  }),
  createPlatformExternalAccountOwnershipChallenge: defineRoute({
    method: 'post', path: '/platform/external-accounts/{externalAccountId}/challenge', ...challengeRoute,
  }),
  verifyPlatformExternalAccountOwnership: defineRoute({
    method: 'post', path: '/platform/external-accounts/{externalAccountId}/verify', ...verifyRoute,
  }),
};

/** The verification services the routes call. */
export interface VerificationAreas {
  kyb: KybVerifications;
  owners: BeneficialOwners;
  kycLinks: KycLinks;
  contacts: ContactVerification;
  ownership: OwnershipChallenges;
}

/** Serves the verification routes. */
export function verificationRoutes(v: VerificationAreas) {
  return implement(verificationContract, {
    createVerification: ({ body }) => reply(200, v.kyb.create(body.customerId)),
    listVerifications: ({ query }) => reply(200, v.kyb.list(query)),
    getVerification: ({ params }) => reply(200, v.kyb.get(params.verificationId)),
    createBeneficialOwner: ({ body }) => reply(201, v.owners.create(body)),
    listBeneficialOwners: ({ query }) => reply(200, v.owners.list(query)),
    getBeneficialOwner: ({ params }) => reply(200, v.owners.get(params.beneficialOwnerId)),
    updateBeneficialOwner: ({ params, body }) => reply(200, v.owners.update(params.beneficialOwnerId, body)),
    createCustomerKycLink: ({ params, body }) => reply(201, v.kycLinks.create(params.customerId, body?.redirectUri ?? body?.redirectUrl)),
    sendCustomerEmailVerification: ({ params }) => (v.contacts.send(params.customerId, 'EMAIL'), noContent()),
    confirmCustomerEmailVerification: ({ params, body }) => reply(200, v.contacts.confirm(params.customerId, 'EMAIL', body.code)),
    sendCustomerPhoneVerification: ({ params }) => (v.contacts.send(params.customerId, 'PHONE'), noContent()),
    confirmCustomerPhoneVerification: ({ params, body }) => reply(200, v.contacts.confirm(params.customerId, 'PHONE', body.code)),
    createExternalAccountOwnershipChallenge: ({ params, body }) => reply(201, v.ownership.challenge(params.externalAccountId, 'CUSTOMER', body.method)),
    verifyExternalAccountOwnership: ({ params, body }) => reply(200, v.ownership.verify(params.externalAccountId, 'CUSTOMER', body)),
    createPlatformExternalAccountOwnershipChallenge: ({ params, body }) => reply(201, v.ownership.challenge(params.externalAccountId, 'PLATFORM', body.method)),
    verifyPlatformExternalAccountOwnership: ({ params, body }) => reply(200, v.ownership.verify(params.externalAccountId, 'PLATFORM', body)),
  });
}
