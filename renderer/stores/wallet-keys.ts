import { defineStore } from 'pinia';
import { markRaw, shallowRef } from 'vue';
import type { AuthSession, CredentialType, SignerRule } from '../lib/wallet-env';
import { createSoftwareAuthenticator } from '../lib/software-authenticator';

/** A session key the console holds for the rehearsal. */
export interface HeldKey {
  sessionId: string;
  accountId: string;
  authMethodId: string;
  type: CredentialType;
  /** The session's P-256 private key (hex). */
  privateKey: string;
  expiresAt: string;
}

/**
 * The client keys of the Wallet auth rehearsal, by session id, and the software authenticator's
 * passkeys. They live in this page's memory only: never persisted, never sent to the core (only
 * stamps made with them travel), and gone on reload, as a real client's keys would be elsewhere.
 */
export const useWalletKeysStore = defineStore('wallet-keys', () => {
  const keys = shallowRef(new Map<string, HeldKey>());
  /** Passkeys made in software during this run, with their signature counters. */
  const authenticator = markRaw(createSoftwareAuthenticator());

  function replace(next: Map<string, HeldKey>): void {
    keys.value = next;
  }

  /** Holds a session's private key. */
  function hold(session: AuthSession, privateKey: string): void {
    const next = new Map(keys.value);
    next.set(session.id, { sessionId: session.id, accountId: session.accountId, authMethodId: session.authMethodId, type: session.type, privateKey, expiresAt: session.expiresAt });
    replace(next);
  }

  /** Forgets one session's key, or the keys of every session of a credential. */
  function forget(where: { sessionId: string } | { authMethodId: string }): void {
    replace(new Map([...keys.value].filter(([id, k]) => ('sessionId' in where ? id !== where.sessionId : k.authMethodId !== where.authMethodId))));
  }

  /** Keeps only the keys of a wallet's sessions that are still active (the rest can sign nothing). */
  function prune(accountId: string, activeSessionIds: ReadonlySet<string>): void {
    const next = new Map([...keys.value].filter(([id, k]) => k.accountId !== accountId || activeSessionIds.has(id)));
    if (next.size !== keys.value.size) replace(next);
  }

  /** Whether the console holds the key of a session. */
  function holds(sessionId: string): boolean {
    return keys.value.has(sessionId);
  }

  /** The held keys of a wallet that fit a signer rule and have not expired at `nowMs` (the preferred session first). */
  function candidates(accountId: string, rule: SignerRule, nowMs: number): HeldKey[] {
    const fit = [...keys.value.values()].filter((k) => k.accountId === accountId && Date.parse(k.expiresAt) > nowMs
      && (!rule.sessionId || k.sessionId === rule.sessionId) && (!rule.excludeAuthMethodId || k.authMethodId !== rule.excludeAuthMethodId));
    return fit.sort((a, b) => Number(b.sessionId === rule.prefer) - Number(a.sessionId === rule.prefer));
  }

  return { keys, authenticator, hold, forget, prune, holds, candidates };
});
