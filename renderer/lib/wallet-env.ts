import { base64urlnopad } from '@scure/base';
import type { AuthMethod, AuthSession, CredentialType } from '../../core/wallet/schema';
import type { PasskeyClient, RelyingParty } from './passkey-client';
import { clientError, type FlowDefinition, type FlowStep, type Signer } from './wallet-flow';
import { newKeyPair, openSessionKey, publicKeyOf, type KeyPair } from './wallet-crypto';

/** Wallet credentials and sessions as the API returns them. */
export type { AuthMethod, AuthSession, CredentialType };

/** The facts of the wallet a flow works on. */
export interface WalletFacts {
  accountId: string;
  customerName: string;
  email: string | null;
  relyingParty: RelyingParty;
}

/** Which held session key may stamp a signed retry (the core's key rules, seen from the client). */
export interface SignerRule {
  /** Only a session of a different credential (revoking that credential). */
  excludeAuthMethodId?: string;
  /** Exactly this session (refreshing it). */
  sessionId?: string;
  /** Use this session when held, else any that fits. */
  prefer?: string;
}

/** What flows need from the console: the wallet, the held keys, the workspace clock, the code typed and a passkey client. */
export interface FlowEnv {
  wallet: WalletFacts;
  /** The page origin passkey ceremonies bind (window.location.origin). */
  origin: string;
  /** A held session key fitting the rule; throws a client error saying what to do when none is held. */
  signer(rule?: SignerRule): Signer;
  /** Keeps a session's private key (hex) in memory for later stamps. */
  hold(session: AuthSession, privateKeyHex: string): void;
  /** Forgets the keys of a revoked session, or of every session of a revoked credential. */
  forget(where: { sessionId: string } | { authMethodId: string }): void;
  /** The workspace clock in whole seconds, read fresh (`clock/get`). */
  nowSeconds(): Promise<number>;
  /** The OTP code as typed (the sandbox code is 000000). */
  otpCode(): string;
  passkeys: PasskeyClient;
}

/** Builds a flow for the environment of the picked wallet. */
export type FlowBuilder = (env: FlowEnv) => FlowDefinition;

/** Reads an API body as an AuthSession (throws when it has no session id). */
export function sessionOf(body: unknown): AuthSession {
  const s = body as Partial<AuthSession> | null;
  if (!s || typeof s.id !== 'string' || !s.id.startsWith('Session:')) throw new Error('The answer carries no session');
  return s as AuthSession;
}

/** The decoded UTF-8 text of a base64url field (clientDataJSON). */
export function base64urlText(value: string): string {
  return new TextDecoder().decode(base64urlnopad.decode(value));
}

/** A value an earlier step set, or a client error saying which step to run first. */
export function need<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw clientError('STEP_ORDER', `${what} is missing: run the earlier steps first`);
  return value;
}

/** A client step that makes a fresh P-256 key pair and shows its public halves. */
export function keyPairStep(title: string, set: (k: KeyPair) => void): FlowStep {
  return {
    title, actor: 'client',
    async run(t) {
      const k = newKeyPair();
      set(k);
      t.show('Public key (compressed, what a stamp carries)', k.publicKey);
      t.show('Public key (uncompressed)', k.publicKeyUncompressed);
    },
  };
}

/** The step that opens an `encryptedSessionSigningKey` with the client key and holds the session key. */
export function openKeyStep(env: FlowEnv, session: () => unknown, client: () => KeyPair | undefined): FlowStep {
  return {
    title: 'Open encryptedSessionSigningKey with the client private key (HPKE) and hold the session key', actor: 'client',
    async run(t) {
      const s = sessionOf(session());
      if (!s.encryptedSessionSigningKey) throw clientError('NO_SEALED_KEY', 'The session carries no encryptedSessionSigningKey');
      const privateKey = await openSessionKey(s.encryptedSessionSigningKey, need(client(), 'The client key pair').privateKey);
      env.hold(s, privateKey);
      t.show('Session public key (derived from the opened key)', publicKeyOf(privateKey));
    },
  };
}
