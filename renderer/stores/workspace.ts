import { defineStore } from 'pinia';
import { ref, shallowRef } from 'vue';
import type { HandlerOutput } from '../../core/index';
import { api, invoke, onEvent, toConsoleError, type ConsoleError } from '../api/client';

/** The Overview's facts about the open workspace. */
export type WorkspaceInfo = HandlerOutput<'workspace/info'>;
/** The test clock's state with its job queue. */
export type ClockReport = HandlerOutput<'clock/get'>;

/** The open workspace: its facts, credentials and the test clock. */
export const useWorkspaceStore = defineStore('workspace', () => {
  const info = shallowRef<WorkspaceInfo | null>(null);
  const clock = shallowRef<ClockReport | null>(null);
  /** Local time when `clock` was read, to let a REAL clock tick between reads. */
  const clockReadAt = ref(0);
  const loading = ref(false);
  const error = shallowRef<ConsoleError | null>(null);

  function setClock(c: ClockReport): void {
    clock.value = c;
    clockReadAt.value = Date.now();
  }

  /** Loads (or reloads) the workspace facts. */
  async function load(): Promise<void> {
    loading.value = true;
    error.value = null;
    try {
      info.value = await invoke('workspace/info', {});
      setClock({ ...info.value.clock });
    } catch (err) {
      error.value = toConsoleError(err);
    } finally {
      loading.value = false;
    }
  }

  /** Reads the clock again. */
  async function refreshClock(): Promise<void> {
    setClock(await invoke('clock/get', {}));
  }

  /** While an advance runs: jobs done of due (read from the clock every few hundred ms), for the progress bar. */
  const advancing = shallowRef<{ jobsDone: number; jobsDue: number } | null>(null);

  /**
   * Advances the workspace clock, running the jobs that fall due. The core runs them in batches, so the
   * console keeps answering; meanwhile the clock is polled for progress (jobs done of due).
   */
  async function advance(seconds: number, pollMs = 250): Promise<ClockReport> {
    advancing.value = { jobsDone: 0, jobsDue: 0 };
    const poll = setInterval(() => {
      void invoke('clock/get', {}).then((c) => {
        if (c.advance && advancing.value) advancing.value = { jobsDone: c.advance.jobsDone, jobsDue: c.advance.jobsDue };
      }).catch(() => undefined);
    }, pollMs);
    try {
      const c = await invoke('clock/advance', { seconds });
      setClock(c);
      return c;
    } finally {
      clearInterval(poll);
      advancing.value = null;
    }
  }

  /** The jobs due next on the clock, soonest first (so the effect of an advance is predictable). */
  function jobs(limit: number): Promise<HandlerOutput<'clock/jobs'>> {
    return invoke('clock/jobs', { limit });
  }

  /** Stops the running advance after its current batch (the clock stays at the last job it ran). */
  async function cancelAdvance(): Promise<void> {
    await invoke('clock/cancelAdvance', {});
  }

  /** Freezes the clock at the current workspace instant. */
  async function freeze(): Promise<void> {
    setClock(await invoke('clock/freeze', {}));
  }

  /** Resumes real time. */
  async function resume(): Promise<void> {
    setClock(await invoke('clock/resume', {}));
  }

  /** Puts the clock back on real time with no offset (jobs already due run; later ones keep their workspace time). */
  async function resetToWallTime(): Promise<ClockReport> {
    const c = await invoke('clock/resetToWallTime', {});
    setClock(c);
    return c;
  }

  /** Forgets the seeded secret so it is never shown again. */
  async function dismissCredentials(): Promise<void> {
    await invoke('workspace/dismissCredentials', {});
    if (info.value) info.value = { ...info.value, credentials: { ...info.value.credentials, clientSecret: null } };
  }

  const currencyCodes = ref<string[]>([]);
  /** Loads the platform's supported currency codes (`GET /config`) once, for forms. */
  async function loadCurrencies(): Promise<string[]> {
    if (currencyCodes.value.length === 0) {
      const config = await api('GET /config');
      currencyCodes.value = config.supportedCurrencies.map((c) => c.currencyCode);
    }
    return currencyCodes.value;
  }

  /** The workspace time in ms for a local instant: frozen stays put, real moves with local time. */
  function nowMs(localNow: number = Date.now()): number {
    if (!clock.value) return localNow;
    const base = Date.parse(clock.value.now);
    return clock.value.mode === 'FROZEN' ? base : base + (localNow - clockReadAt.value);
  }

  /** Keeps the clock current when another window or a scenario changes it; returns the unsubscribe. */
  function watchClock(): () => void {
    return onEvent((event) => {
      if (event.type.startsWith('SANDBOX.CLOCK_')) void refreshClock().catch(() => undefined);
    });
  }

  /** The Overview's activity over the last `days` days: payments and card transactions by status, by day and by currency. */
  function activity(days: number): Promise<HandlerOutput<'overview/activity'>> {
    return invoke('overview/activity', { days });
  }

  /** Calls `run` whenever a payment or a card transaction changes (what the activity counts); returns the unsubscribe. */
  function watchActivity(run: () => void): () => void {
    return onEvent((e) => {
      if (/^(TRANSACTION|INCOMING_PAYMENT|OUTGOING_PAYMENT|CARD)/.test(e.type)) run();
    });
  }

  return { info, clock, clockReadAt, loading, error, load, refreshClock, advance, advancing, jobs, cancelAdvance, freeze, resume, resetToWallTime, dismissCredentials, nowMs, watchClock, activity, watchActivity, currencyCodes, loadCurrencies };
});
