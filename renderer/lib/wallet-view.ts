import type { AuthMethod, CredentialType, FlowBuilder } from './wallet-env';
import type { StepState } from './wallet-flow';
import { oauthSignIn, otpSignIn } from './wallet-signin';
import { passkeySignIn } from './wallet-passkey';

/** The test id of a credential type's sign-in button, e.g. `flow-email-otp`. */
export function signInTestId(type: CredentialType): string {
  return `flow-${type.toLowerCase().replace(/_/g, '-')}`;
}

/** The sign-in flow of a credential, by its type. */
export function signInFlow(credential: AuthMethod): FlowBuilder {
  switch (credential.type) {
    case 'EMAIL_OTP':
    case 'SMS_OTP':
      return (env) => otpSignIn(env, credential);
    case 'OAUTH':
      return (env) => oauthSignIn(env, credential);
    case 'PASSKEY':
      return (env) => passkeySignIn(env, credential);
  }
}

/** Why a credential cannot be revoked from the console right now, or null when it can. */
export function revokeBlocker(credential: AuthMethod, credentialCount: number, heldAuthMethodIds: readonly string[]): string | null {
  if (credentialCount <= 1) return 'A wallet keeps at least one credential: add another before revoking this one';
  if (!heldAuthMethodIds.some((id) => id !== credential.id)) {
    return 'Revoking needs a session of a different credential, and this console holds none: sign in with another credential first';
  }
  return null;
}

/** The status tag value of a rehearsal step state. */
export function stepStatus(state: StepState): 'QUEUED' | 'RUNNING' | 'DONE' | 'FAILED' {
  return state === 'pending' ? 'QUEUED' : (state.toUpperCase() as 'RUNNING' | 'DONE' | 'FAILED');
}

/** A passkey nickname the API accepts (letters, digits, spaces and . _ - ' ( )), numbered after the wallet's passkeys. */
export function passkeyNickname(existing: readonly AuthMethod[]): string {
  return `Console passkey ${existing.filter((m) => m.type === 'PASSKEY').length + 1}`;
}
