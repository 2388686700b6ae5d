import { defineStore } from 'pinia';
import { shallowRef } from 'vue';
import type { HandlerOutput } from '../../core/index';
import type { ExternalAccount } from '../../core/accounts/external-service';
import { api, invoke, onEvent, toConsoleError, type ConsoleError } from '../api/client';

/** An external account's ownership as the drawer shows it: proven by what, or the challenge still open. */
export type OwnershipState = HandlerOutput<'verifications/ownership'>[number];
/** A challenge as the API answers it (the LIVENESS one carries its token, shown only then). */
export type OwnershipChallenge = { method: 'WALLET_SIGNATURE'; messageToSign: string; expiresAt: string } | { method: 'LIVENESS'; verificationLink: string; token?: string | undefined; expiresAt: string };

/** Ownership proofs of customers' wallets: states per account, and the challenge and verify calls of the API. */
export const useOwnershipStore = defineStore('ownership', () => {
  /** States by account id, for the accounts last loaded. */
  const states = shallowRef<Record<string, OwnershipState>>({});
  const error = shallowRef<ConsoleError | null>(null);
  let shown: string[] = [];

  /** Loads the ownership of these accounts (`verifications/ownership`). */
  async function load(accountIds: string[]): Promise<void> {
    shown = accountIds;
    error.value = null;
    try {
      const list = accountIds.length ? await invoke('verifications/ownership', { accountIds }) : [];
      if (shown === accountIds) states.value = Object.fromEntries(list.map((s) => [s.accountId, s]));
    } catch (err) {
      error.value = toConsoleError(err);
    }
  }

  /** Starts a challenge through the API (`POST /customers/external-accounts/{id}/challenge`). */
  async function challenge(accountId: string, method: 'WALLET_SIGNATURE' | 'LIVENESS'): Promise<OwnershipChallenge> {
    const c = (await api('POST /customers/external-accounts/{externalAccountId}/challenge', { params: { externalAccountId: accountId }, body: { method } })) as OwnershipChallenge;
    await load(shown);
    return c;
  }

  /** Answers the open challenge (`POST /customers/external-accounts/{id}/verify`). */
  async function verify(accountId: string, signature: string, signatureScheme?: 'bip137' | 'electrum'): Promise<ExternalAccount> {
    const account = await api('POST /customers/external-accounts/{externalAccountId}/verify', { params: { externalAccountId: accountId }, body: { signature, ...(signatureScheme ? { signatureScheme } : {}) } });
    await load(shown);
    return account;
  }

  /** Reloads on ownership events of a shown account; returns the unsubscribe. */
  function watch(): () => void {
    return onEvent((event) => {
      if (event.type.startsWith('EXTERNAL_ACCOUNT.OWNERSHIP_') && shown.includes(event.resourceId)) void load(shown);
    });
  }

  return { states, error, load, challenge, verify, watch };
});
