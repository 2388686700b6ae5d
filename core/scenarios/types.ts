import { z } from 'zod';

/** One API request of a scenario step; strings may hold `{{name}}` placeholders filled from earlier answers. */
export const scenarioRequestSchema = z.object({
  method: z.enum(['GET', 'POST', 'PATCH', 'PUT', 'DELETE']),
  /** Path below the versioned base, e.g. `/quotes/{{quote.id}}/execute`. */
  path: z.string().min(1).max(500),
  body: z.unknown().optional(),
  headers: z.record(z.string(), z.string()).optional(),
});

/** What a step expects: the HTTP status and fields of the answer (dotted paths; `null` means "absent"). */
export const scenarioExpectSchema = z.object({
  status: z.number().int().min(100).max(599).optional(),
  fields: z.record(z.string(), z.unknown()).optional(),
});

/**
 * What an embedded-wallet client does before the request, with real cryptography (core/wallet/crypto.ts):
 * make a fresh P-256 key pair and HPKE-seal `{ otp_code, public_key }` to an OTP target bundle.
 */
export const scenarioSealOtpSchema = z.object({
  /** The `otpEncryptionTargetBundle` to seal to, usually a saved value such as `{{bundle}}`. */
  bundle: z.string().min(1),
  /** The code the user typed (the sandbox's is 000000). */
  code: z.string().min(1).max(20),
  /** Name under which the new private key is saved: after sign-in it is the session key that stamps signed actions. */
  key: z.string().min(1).max(60),
  /** Name under which the sealed `encryptedOtpBundle` is saved, for the request body. */
  as: z.string().min(1).max(60),
});

/**
 * An OIDC ID token as an identity provider issues it (a real JWS over exactly these claims), dated by the
 * workspace clock: `iat` is now minus `ageSeconds`, `exp` ten minutes after `iat` unless the claims say otherwise.
 */
export const scenarioOidcTokenSchema = z.object({
  claims: z.record(z.string(), z.unknown()),
  ageSeconds: z.number().int().min(0).max(86_400).optional(),
  /** A key pair made by `newKeyPair`: the token's `nonce` is the SHA-256 of its public key hex (OAUTH verify). */
  nonceFor: z.string().min(1).max(60).optional(),
  /** Name under which the token is saved. */
  as: z.string().min(1).max(60),
});

/** Opening, on the client, a session key sealed to one of its keys (OAUTH verify's `encryptedSessionSigningKey`). */
export const scenarioOpenSessionKeySchema = z.object({
  /** The sealed key, usually a saved value. */
  bundle: z.string().min(1),
  /** The client key pair (made by `newKeyPair`) it was sealed to. */
  key: z.string().min(1).max(60),
  /** Name under which the opened session private key is saved, to stamp signed actions. */
  as: z.string().min(1).max(60),
});

/**
 * A software passkey (core/scenarios/soft-authenticator.ts) used before the request: `register` saves an
 * attestation for a fresh registration challenge under `as` (and the challenge under `<as>Challenge`);
 * `assert` saves an assertion over a PASSKEY challenge under `as`.
 */
export const scenarioPasskeySchema = z.object({
  /** Name of the authenticator, made on first use and kept for the rest of the scenario. */
  authenticator: z.string().min(1).max(60),
  action: z.enum(['register', 'assert']),
  /** assert: the hex challenge of POST /auth/credentials/{id}/challenge, usually a saved value. */
  challenge: z.string().optional(),
  /** The relying party the authenticator signs for (GET /config's passkeys settings). */
  rpId: z.string().min(1),
  origin: z.string().min(1),
  /** assert: a literal value sent as the signature instead of the real one (the legacy sandbox value). */
  signature: z.string().optional(),
  as: z.string().min(1).max(60),
});

/**
 * The signed-retry exchange around the request: the first answer must be 202 with `payloadToSign`, which
 * is stamped with a saved private key (or replaced by a literal header value) and the same request is sent
 * again with `Svc-Wallet-Signature` and `Request-Id`; that second answer is the one compared. A first
 * answer other than 202 is compared as it is. The exchange's values are saved as `$requestId` and `$signature`.
 */
export const scenarioSignSchema = z.union([
  z.object({ key: z.string().min(1).max(60) }).strict(),
  z.object({ signature: z.string().min(1).max(500) }).strict(),
]);

/** One step: advance the clock (optional), then send a request (optional) and compare its answer. */
export const scenarioStepSchema = z.object({
  /** Plain words shown on screen and in reports. */
  title: z.string().min(1).max(200),
  /** Seconds to move the workspace clock forward before the request (runs the jobs that fall due). */
  advanceSeconds: z.number().int().min(1).max(90 * 86_400).optional(),
  /** A fresh client P-256 key pair: private key saved under this name, compressed public key hex under `<name>Public`. */
  newKeyPair: z.string().min(1).max(60).optional(),
  /** Client-side sealing of an OTP code before the request (wallet sign-in). */
  sealOtp: scenarioSealOtpSchema.optional(),
  /** An OIDC token minted before the request (OAUTH credentials). */
  oidcToken: scenarioOidcTokenSchema.optional(),
  /** A sealed session key opened before the request. */
  openSessionKey: scenarioOpenSessionKeySchema.optional(),
  /** A software passkey's registration or assertion made before the request. */
  passkey: scenarioPasskeySchema.optional(),
  request: scenarioRequestSchema.optional(),
  /** Send the request through the signed-retry exchange. */
  sign: scenarioSignSchema.optional(),
  expect: scenarioExpectSchema.optional(),
  /** Names for values of the answer, used by later steps as `{{name}}` (dotted path into the body; a trailing `?` saves null when absent). */
  save: z.record(z.string(), z.string()).optional(),
  /** Runs even after an earlier step failed (puts back what the scenario changed). */
  always: z.boolean().optional(),
});

/** A scenario as stored by a user (the catalogue's entries have the same shape). */
export const scenarioDefinitionSchema = z.object({
  name: z.string().trim().min(1).max(120),
  group: z.string().trim().min(1).max(60),
  title: z.string().trim().min(1).max(200),
  /** The rule it rehearses, quoted or referenced from the spec or the upstream facts. */
  rule: z.string().max(1000),
  steps: z.array(scenarioStepSchema).min(1).max(100),
});

export type ScenarioRequest = z.infer<typeof scenarioRequestSchema>;
export type ScenarioStep = z.infer<typeof scenarioStepSchema>;
export type ScenarioExpect = z.infer<typeof scenarioExpectSchema>;
export type ScenarioSign = z.infer<typeof scenarioSignSchema>;

/** A runnable scenario: from the built-in catalogue or saved by a user. */
export interface ScenarioDefinition extends z.infer<typeof scenarioDefinitionSchema> {
  source: 'CATALOGUE' | 'USER';
}

/** One compared value of a step: where, what was expected and what came back. */
export interface FieldCheck {
  field: string;
  expected: unknown;
  actual: unknown;
  pass: boolean;
}

/** The outcome of one step. */
export interface StepResult {
  index: number;
  title: string;
  request?: { method: string; path: string };
  /** The first leg's status when the request went through the signed-retry exchange. */
  firstLegStatus?: number;
  advancedSeconds?: number;
  status?: number;
  checks: FieldCheck[];
  pass: boolean;
  /** Why the step could not run (a missing placeholder, a network failure). */
  error?: string;
  durationMs: number;
}

/** The outcome of one scenario. */
export interface ScenarioResult {
  name: string;
  group: string;
  title: string;
  source: 'CATALOGUE' | 'USER';
  pass: boolean;
  steps: StepResult[];
  durationMs: number;
}

/** The outcome of a whole run (one scenario, a group, or the catalogue). */
export interface RunReport {
  startedAt: string;
  durationMs: number;
  passed: number;
  failed: number;
  results: ScenarioResult[];
}

/** Sends one request to the API and returns status and parsed body (in-process or over HTTP). */
export type ApiCaller = (req: ScenarioRequest) => Promise<{ status: number; body: unknown }>;
