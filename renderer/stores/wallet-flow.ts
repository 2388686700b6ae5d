import { defineStore } from 'pinia';
import { computed, markRaw, ref, shallowRef } from 'vue';
import { apiExchange, type ConsoleError } from '../api/client';
import { blankRecords, clientError, runStep, type FlowDefinition, type Signer, type StepRecord } from '../lib/wallet-flow';

/** Builds a flow for the picked wallet (re-exported for components). */
export type { FlowBuilder };
import type { FlowBuilder, FlowEnv, SignerRule } from '../lib/wallet-env';
import { createPasskeyClient, platformUsable } from '../lib/passkey-client';
import { useWalletAuthStore } from './wallet-auth';
import { useWalletKeysStore } from './wallet-keys';
import { useWorkspaceStore } from './workspace';

/** The OTP code the sandbox always sends. */
export const SANDBOX_OTP_CODE = '000000';

function noKeyMessage(rule: SignerRule): string {
  if (rule.sessionId) return `The console does not hold the key of ${rule.sessionId}: only sessions signed in during this run can sign for themselves`;
  if (rule.excludeAuthMethodId) return 'Revoking a credential needs a session of a different credential, and the console holds none: sign in with another credential first';
  return 'The console holds no session key for this wallet: sign in first (every new wallet can sign in with EMAIL_OTP)';
}

/** The rehearsal run: the open flow, its step records, and running it one step at a time or to the end. */
export const useWalletFlowStore = defineStore('wallet-flow', () => {
  const walletAuth = useWalletAuthStore();
  const keys = useWalletKeysStore();
  const workspace = useWorkspaceStore();
  const otpCode = ref(SANDBOX_OTP_CODE);
  const flow = shallowRef<FlowDefinition | null>(null);
  const records = ref<StepRecord[]>([]);
  const cursor = ref(0);
  const running = ref(false);
  let builder: FlowBuilder | null = null;

  const failed = computed(() => records.value.some((r) => r.state === 'failed'));
  const finished = computed(() => flow.value !== null && cursor.value >= flow.value.steps.length);

  /** The flow environment over the picked wallet, the held keys and the workspace clock. */
  function env(): FlowEnv {
    const d = walletAuth.detail;
    const summary = walletAuth.selected;
    if (!d) throw clientError('NO_WALLET', 'Pick an embedded wallet first');
    const accountId = d.account.id;
    const origin = window.location.origin;
    return {
      wallet: { accountId, customerName: summary?.customerName ?? accountId, email: summary?.email ?? null, relyingParty: d.relyingParty },
      origin,
      signer(rule: SignerRule = {}): Signer {
        const key = keys.candidates(accountId, rule, workspace.nowMs())[0];
        if (!key) throw clientError('NO_SESSION_KEY', noKeyMessage(rule));
        return { privateKey: key.privateKey, label: `${key.sessionId} (${key.type} session)` };
      },
      hold: (session, privateKey) => keys.hold(session, privateKey),
      forget: (where) => keys.forget(where),
      async nowSeconds() {
        await workspace.refreshClock();
        return Math.floor(workspace.nowMs() / 1000);
      },
      otpCode: () => otpCode.value.trim(),
      passkeys: createPasskeyClient(d.relyingParty, keys.authenticator, () => platformUsable(d.relyingParty, origin)),
    };
  }

  /** Opens a flow with every step pending (nothing is sent yet). */
  function open(make: FlowBuilder): void {
    const def = make(env());
    builder = make;
    flow.value = markRaw(def);
    records.value = blankRecords(def);
    cursor.value = 0;
  }

  /** Runs the next step; resolves to the error that stopped it, or null. */
  async function next(): Promise<ConsoleError | null> {
    const def = flow.value;
    if (!def || running.value || failed.value || cursor.value >= def.steps.length) return null;
    running.value = true;
    try {
      // Held keys expire on the workspace clock: know it before choosing one to stamp with.
      if (!workspace.clock) await workspace.refreshClock().catch(() => undefined);
      const at = cursor.value;
      const error = await runStep(def.steps[at]!, records.value[at]!, apiExchange);
      if (!error) cursor.value = at + 1;
      if (error || cursor.value >= def.steps.length) await walletAuth.refresh();
      return error;
    } finally {
      running.value = false;
    }
  }

  /** Runs the remaining steps (starting over when the last run finished or failed); stops at the first failure. */
  async function runAll(): Promise<ConsoleError | null> {
    if (running.value) return null;
    if (finished.value || failed.value) restart();
    while (flow.value && cursor.value < flow.value.steps.length) {
      const error = await next();
      if (error) return error;
    }
    return null;
  }

  /** Starts the open flow again from its first step, with fresh keys and challenges. */
  function restart(): void {
    if (builder) open(builder);
  }

  /** Opens a flow and runs it to the end (the one-click actions: refresh, export, revoke, privacy). */
  async function run(make: FlowBuilder): Promise<ConsoleError | null> {
    if (running.value) return null;
    open(make);
    return runAll();
  }

  /** Closes the flow. */
  function close(): void {
    builder = null;
    flow.value = null;
    records.value = [];
    cursor.value = 0;
  }

  return { otpCode, flow, records, cursor, running, failed, finished, env, open, next, runAll, restart, run, close };
});
