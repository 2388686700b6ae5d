// The client's half of wallet scenarios, declared as step fields and played with the same code real
// clients use (core/wallet/crypto.ts, core/wallet/oauth.ts): new P-256 keys, HPKE-sealed OTP codes, OIDC
// tokens dated by the workspace clock, sealed session keys opened, a software passkey.
import { encryptOtpBundle, newKeyPair, openSessionKey } from '../wallet/crypto';
import { expectedNonce, makeOidcToken } from '../wallet/oauth';
import { assert, newSoftCredential, register, type SoftCredential } from './soft-authenticator';
import { fill } from './template';
import type { ApiCaller, ScenarioStep } from './types';

/** A saved value that must be a string (a key, a bundle). */
export function savedString(vars: Record<string, unknown>, name: string): string {
  const v = fill(`{{${name}}}`, vars);
  if (typeof v !== 'string') throw new Error(`the saved value "${name}" is not text`);
  return v;
}

/** What the client does before the request, with real cryptography: keys, a sealed OTP code, an OIDC token, an opened session key. */
export async function clientSide(step: ScenarioStep, call: ApiCaller, vars: Record<string, unknown>): Promise<void> {
  if (step.newKeyPair) {
    const pair = newKeyPair();
    vars[step.newKeyPair] = pair.privateKey;
    vars[`${step.newKeyPair}Public`] = pair.publicKey;
  }
  if (step.sealOtp) {
    // The client's half of an OTP sign-in: the plaintext code never leaves it, only the sealed bundle.
    const seal = fill(step.sealOtp, vars);
    const tek = newKeyPair();
    vars[seal.key] = tek.privateKey;
    vars[seal.as] = await encryptOtpBundle(seal.bundle, seal.code, tek.publicKeyUncompressed);
  }
  if (step.oidcToken) {
    const t = fill(step.oidcToken, vars);
    // Dated by the workspace clock, which the sandbox checks iat and exp against.
    const clock = await call({ method: 'GET', path: '/sandbox/clock' });
    const now = Date.parse(String((clock.body as { now?: unknown } | null)?.now));
    if (!Number.isFinite(now)) throw new Error(`the workspace clock could not be read (${clock.status})`);
    const iat = Math.floor(now / 1000) - (t.ageSeconds ?? 0);
    const nonce = t.nonceFor ? { nonce: expectedNonce(savedString(vars, `${t.nonceFor}Public`)) } : {};
    vars[t.as] = await makeOidcToken({ iat, exp: iat + 600, ...nonce, ...t.claims });
  }
  if (step.passkey) {
    const p = fill(step.passkey, vars);
    const name = `$passkey.${p.authenticator}`;
    const cred = (vars[name] ??= newSoftCredential()) as SoftCredential;
    const rp = { rpId: p.rpId, origin: p.origin };
    if (p.action === 'register') {
      const challenge = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url');
      vars[`${p.as}Challenge`] = challenge;
      vars[p.as] = register(cred, challenge, rp);
    } else {
      if (!p.challenge) throw new Error('a passkey assertion needs the challenge to sign');
      const assertion = assert(cred, p.challenge, rp);
      vars[p.as] = p.signature ? { ...assertion, signature: p.signature } : assertion;
    }
  }
  if (step.openSessionKey) {
    const o = fill(step.openSessionKey, vars);
    vars[o.as] = await openSessionKey(o.bundle, savedString(vars, o.key));
  }
}
