import type { Context } from 'hono';
import { z } from 'zod';
import type { ApiBindings, ApiVariables } from './types';
import { rawBody } from './validate';

// The HTTP side of wallet-signed actions (the API's third kind of authentication). It lives here,
// below the areas, because a route of any area may be signed (PATCH /customers/{id} is); the
// exchange itself (stored challenges, stamp checks) is the wallet area's SignedRetry.

/** The credential types of an embedded wallet. */
export const CREDENTIAL_TYPES = ['EMAIL_OTP', 'SMS_OTP', 'OAUTH', 'PASSKEY'] as const;
/** A credential type of an embedded wallet. */
export type CredentialType = (typeof CREDENTIAL_TYPES)[number];

const requestId = z.string().regex(/^Request:/).meta({ example: 'Request:019a4b7e-8c1d-7e2f-9a3b-4c5d6e7f8a9b' });

/** The 202 answer of a signed wallet action: what to stamp, and how to send the retry. */
export const signedRetryChallengeSchema = z.object({
  type: z.enum(CREDENTIAL_TYPES).meta({ description: 'The type of the credential the action concerns' }),
  payloadToSign: z.string().meta({ description: 'Stamp these exact bytes with a session key (never reparse or reformat them) and send the stamp as Svc-Wallet-Signature' }),
  requestId: requestId.meta({ description: 'Send it back as the Request-Id header of the retry; it works once' }),
  expiresAt: z.iso.datetime().meta({ description: 'The retry must arrive before this instant (5 minutes after the challenge)' }),
}).strict().meta({ id: 'SignedRetryChallenge', description: 'Repeat the same request, with the same body, adding Svc-Wallet-Signature and Request-Id' });
/** The 202 answer of a signed wallet action. */
export type SignedRetryChallenge = z.infer<typeof signedRetryChallengeSchema>;

/** The 202 reply of leg 1. */
export type ChallengeReply = { status: 202; body: SignedRetryChallenge };

/** A signed action's outcome: the 202 challenge, or the action's own typed reply (`reply(...)` / `noContent()`). */
export type Signed<R extends { status: number; body?: unknown }> = ChallengeReply | R;

/** The request as the signed-retry check sees it. */
export interface SignedRequest {
  method: string;
  path: string;
  body: string;
  signature: string | undefined;
  requestId: string | undefined;
}

/** The parts of a request the signed-retry exchange binds: method, decoded path, body and the two headers. */
export async function signedRequestOf(c: Context<{ Bindings: ApiBindings; Variables: ApiVariables }>): Promise<SignedRequest> {
  let path = c.req.path;
  try {
    path = decodeURIComponent(path);
  } catch {
    // keep the raw path
  }
  return { method: c.req.method, path, body: await rawBody(c), signature: c.req.header('Svc-Wallet-Signature'), requestId: c.req.header('Request-Id') };
}
