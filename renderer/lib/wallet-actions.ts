import { apiRequest } from '../api/client';
import { signedSteps, type FlowDefinition } from './wallet-flow';
import { keyPairStep, need, openKeyStep, type AuthMethod, type AuthSession, type FlowEnv } from './wallet-env';
import { openExportBundle, type KeyPair } from './wallet-crypto';

/**
 * The signed wallet actions of the rehearsal (flow rule 6): refreshing, exporting, the privacy
 * setting, and revoking sessions and credentials. Each is the signed-retry exchange stamped with a
 * session key the console holds.
 */

/** Refreshes a session: a retry stamped by that session's own key mints a new session sealed to a fresh client key. */
export function refreshSession(env: FlowEnv, session: AuthSession): FlowDefinition {
  let client: KeyPair | undefined;
  let minted: unknown;
  return {
    id: 'refresh', title: 'Refresh a session', summary: `A new ${session.type} session before ${session.id} expires, stamped by its own key.`,
    steps: [
      keyPairStep('Generate a client key pair for the new session', (k) => (client = k)),
      ...signedSteps(
        'Refresh: POST /auth/sessions/{id}/refresh {clientPublicKey}',
        () => apiRequest('POST /auth/sessions/{id}/refresh', { params: { id: session.id }, body: { clientPublicKey: need(client, 'The client key').publicKey } }),
        () => env.signer({ sessionId: session.id }),
        (res) => void (minted = res.body),
        [201],
      ),
      openKeyStep(env, () => minted, () => client),
    ],
  };
}

/** Exports the wallet: its mnemonic comes back HPKE-sealed to a fresh export key, opened here. */
export function exportWallet(env: FlowEnv, preferSessionId?: string): FlowDefinition {
  let exportKey: KeyPair | undefined;
  let sealed: string | undefined;
  const rule = preferSessionId ? { prefer: preferSessionId } : {};
  return {
    id: 'export', title: 'Export the wallet', summary: 'The mnemonic, sealed to a one-time export key (uncompressed P-256).',
    steps: [
      keyPairStep('Generate an export key pair (the public key goes uncompressed)', (k) => (exportKey = k)),
      ...signedSteps(
        'Export: POST /internal-accounts/{id}/export {clientPublicKey}',
        () => apiRequest('POST /internal-accounts/{id}/export', { params: { id: env.wallet.accountId }, body: { clientPublicKey: need(exportKey, 'The export key').publicKeyUncompressed } }),
        () => env.signer(rule),
        (res) => void (sealed = String((res.body as { encryptedWalletCredentials?: unknown }).encryptedWalletCredentials ?? '')),
        [200],
      ),
      {
        title: 'Open encryptedWalletCredentials with the export private key (HPKE)', actor: 'client',
        async run(t) {
          t.show('Mnemonic (rehearsal only: a real client shows it once and never logs it)', await openExportBundle(need(sealed, 'The export bundle'), need(exportKey, 'The export key').privateKey));
        },
      },
    ],
  };
}

/** Turns the wallet's privacy setting on or off. */
export function setPrivacy(env: FlowEnv, privateEnabled: boolean): FlowDefinition {
  return {
    id: 'privacy', title: `Turn privacy ${privateEnabled ? 'on' : 'off'}`, summary: 'PATCH the wallet with the same body on both legs.',
    steps: signedSteps(
      `Update: PATCH /internal-accounts/{id} {privateEnabled: ${privateEnabled}}`,
      () => apiRequest('PATCH /internal-accounts/{id}', { params: { id: env.wallet.accountId }, body: { privateEnabled } }),
      () => env.signer(), () => undefined, [200],
    ),
  };
}

/** Revokes a session; any held session of the wallet may stamp it (the session itself first). */
export function revokeSession(env: FlowEnv, session: AuthSession): FlowDefinition {
  return {
    id: 'revoke-session', title: 'Revoke a session', summary: `${session.id} (${session.type}) stops signing at once.`,
    steps: signedSteps(
      'Revoke: DELETE /auth/sessions/{id}',
      () => apiRequest('DELETE /auth/sessions/{id}', { params: { id: session.id } }),
      () => env.signer({ prefer: session.id }),
      () => env.forget({ sessionId: session.id }),
      [204],
    ),
  };
}

/** Revokes a credential with a session of a different credential; its own sessions end with it. */
export function revokeCredential(env: FlowEnv, credential: AuthMethod): FlowDefinition {
  return {
    id: 'revoke-credential', title: 'Revoke a credential', summary: `${credential.type} “${credential.nickname}”: stamped by a session of another credential.`,
    steps: signedSteps(
      'Revoke: DELETE /auth/credentials/{id}',
      () => apiRequest('DELETE /auth/credentials/{id}', { params: { id: credential.id } }),
      () => env.signer({ excludeAuthMethodId: credential.id }),
      () => env.forget({ authMethodId: credential.id }),
      [204],
    ),
  };
}
