// Words instead of codes, and times on the clock they belong to (issue 28): the word tables, the two clocks of
// RelativeTime after a clock advance, the in-flight and card-hold hints, the Overview's activity with only card
// payments, and the Transfers outcome table built from the sandbox's own table.
import './layout-stub';
import { afterEach, describe, expect, it } from 'vitest';
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { TRANSFER_OUTCOMES } from '../../core/payments/outcomes';
import { setBridge } from '../../renderer/api/client';
import { useWorkspaceStore } from '../../renderer/stores/workspace';
import RelativeTime from '../../renderer/components/common/RelativeTime.vue';
import ActivityCharts from '../../renderer/components/overview/ActivityCharts.vue';
import TransferOutcomes from '../../renderer/components/transfers/TransferOutcomes.vue';
import { accountTypeLabel, authMethodLabel, clockModeLabel } from '../../renderer/lib/words';
import { cardHoldWords, cardNoteWords } from '../../renderer/lib/cards';
import { realWorldTime, timeTitle } from '../../renderer/lib/time';
import { inFlightWords } from '../../renderer/lib/arrival';
import { activityEmptyWords, activityStatusLabel, type ActivityReport } from '../../renderer/lib/activity';
import { fakeBridge } from './fake-bridge';

const SCREAMING = /\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b/;
const USD = { code: 'USD', decimals: 2 };
let wrapper: VueWrapper | undefined;
afterEach(() => wrapper?.unmount());

describe('words instead of codes', () => {
  it('account types, sign-in methods and the clock mode read as words', () => {
    expect(accountTypeLabel('INTERNAL_FIAT')).toBe('Balance account');
    expect(accountTypeLabel('USD_ACCOUNT')).toBe('USD bank account');
    expect(authMethodLabel('EMAIL_OTP')).toBe('Email code');
    expect(authMethodLabel('TOTP')).toBe('Authenticator app');
    expect(clockModeLabel('FROZEN')).toBe('Stopped (test clock)');
  });

  it('a card pull says what happened to the money, not "hold pull"', () => {
    expect(cardNoteWords('hold pull')).toBe('Taken from the funding account to put it on hold');
    expect(cardNoteWords('post-hoc pull pending about 30 s')).toBe('Being taken from the funding account after the clearing (more than was authorized) (about 30 s)');
    expect(cardNoteWords('hold pull failed: insufficient funds in the funding account')).toBe('Could not be taken from the funding account to put it on hold: insufficient funds in the funding account');
    expect(cardNoteWords('Merchant return')).toBe('Merchant return');
  });
});

describe('times on their own clock', () => {
  // The workspace clock was advanced 3 days: it stands 3 days ahead of real time.
  const realNow = Date.now();
  const workspaceNow = realNow + 3 * 86_400_000;
  const minuteAgo = new Date(realNow - 60_000).toISOString();

  function mountAt(props: { iso: string; clock?: 'workspace' | 'wall' }): VueWrapper {
    const pinia = createPinia();
    setActivePinia(pinia);
    const ws = useWorkspaceStore(pinia);
    ws.clock = { mode: 'FROZEN', now: new Date(workspaceNow).toISOString(), offsetSeconds: 3 * 86_400, pendingJobs: 0, nextJobDueAt: null } as never;
    return mount(RelativeTime, { props, global: { plugins: [pinia] } });
  }

  it('an API call made a minute ago reads "1 min ago" by the wall clock after an advance of days, and says it is real time', () => {
    wrapper = mountAt({ iso: minuteAgo, clock: 'wall' });
    expect(wrapper.text()).toBe('1 min ago');
    expect(wrapper.attributes('title')).toMatch(/^Real time: \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC$/);
    expect(wrapper.attributes('data-clock')).toBe('wall');
  });

  it('a status change stamped on the workspace clock reads against the workspace clock, labelled workspace time', () => {
    wrapper = mountAt({ iso: new Date(workspaceNow - 5 * 60_000).toISOString() });
    expect(wrapper.text()).toBe('5 min ago');
    expect(wrapper.attributes('title')).toMatch(/^Workspace time: /);
    // The same minute-old call on the workspace clock is what used to read "3 d ago".
    wrapper.unmount();
    wrapper = mountAt({ iso: minuteAgo });
    expect(wrapper.text()).toBe('3 d ago');
  });

  it('real-world records use their wall time, and fall back to workspace time (labelled so) when none was kept', () => {
    expect(realWorldTime({ createdAt: '2026-01-04T00:00:00.000Z', wallAt: '2026-01-01T09:00:00.000Z' })).toEqual({ iso: '2026-01-01T09:00:00.000Z', clock: 'wall' });
    expect(realWorldTime({ createdAt: '2026-01-04T00:00:00.000Z', wallAt: null })).toEqual({ iso: '2026-01-04T00:00:00.000Z', clock: 'workspace' });
    expect(timeTitle('2026-01-04T00:00:00.000Z', 'workspace')).toBe('Workspace time: 2026-01-04 00:00:00 UTC');
  });
});

describe('a payment in flight and a card hold say when', () => {
  const tx = (status: string) => ({ status }) as never;
  const job = (description: string, dueAt: string, category = 'SETTLEMENT') => ({ id: 'Job:1', kind: 'payment.step', category, description, dueAt, inSeconds: 60, resourceId: 'Transaction:1' }) as never;

  it('a payment expected to settle says when, on the workspace clock, and that a stopped clock must be advanced', () => {
    const w = inFlightWords({ transaction: tx('PROCESSING'), scheduled: [job('Payment settles and completes', '2026-01-01T00:06:00.000Z')], expectedArrivalAt: '2026-01-01T00:06:00.000Z' }, 'FROZEN');
    expect(w).toEqual({
      title: 'Expected to arrive', at: '2026-01-01T00:06:00.000Z',
      sentence: 'The sandbox settles it at 2026-01-01 00:06:00 UTC, workspace time. The workspace clock is stopped: nothing happens until it is advanced to then.',
    });
  });

  it('a payment whose next step is not an arrival names that step; a settled one says nothing', () => {
    const w = inFlightWords({ transaction: tx('PROCESSING'), scheduled: [job('The receiving bank returns the payment, and its refund starts', '2026-01-01T00:01:05.000Z', 'FAILURE')], expectedArrivalAt: null }, 'REAL');
    expect(w?.title).toBe('Next on the workspace clock');
    expect(w?.sentence).toBe('The receiving bank returns the payment, and its refund starts at 2026-01-01 00:01:05 UTC, workspace time.');
    expect(inFlightWords({ transaction: tx('COMPLETED'), scheduled: [], expectedArrivalAt: null }, 'REAL')).toBeNull();
  });

  it('a card hold says how much is held since when, and that the sandbox never releases it by itself', () => {
    const held = { status: 'AUTHORIZED', direction: 'DEBIT', authorizedAt: '2026-01-01T00:00:00.000Z' } as const;
    expect(cardHoldWords(held, 32_000, USD)).toBe('320.00 USD on hold since 2026-01-01 00:00:00 UTC (workspace time). It does not expire by itself in this sandbox: '
      + 'it stays until the merchant clears it, or until a clearing of 0 releases it, as an expired authorization would.');
    expect(cardHoldWords({ ...held, status: 'SETTLED' }, 0, USD)).toBeNull();
  });
});

describe('the Overview counts every kind the Transactions screen lists', () => {
  const cardsOnly: ActivityReport = {
    byStatus: [{ kind: 'CARD', status: 'SETTLED', count: 1 }, { kind: 'CARD', status: 'PARTIALLY_SETTLED', count: 1 }, { kind: 'CARD', status: 'REFUNDED', count: 1 }],
    byDay: Array.from({ length: 14 }, (_, i) => ({ day: `2026-01-${String(i + 1).padStart(2, '0')}`, completed: i === 13 ? 1 : 0, failed: i === 13 ? 1 : 0, other: i === 13 ? 1 : 0 })),
    volumeByCurrency: [{ currency: USD, amount: 1_250, count: 1 }], total: 3, inProgress: 1,
  };

  it('a workspace with only card payments charts them by status, in words, and does not say "No transactions yet"', async () => {
    const pinia = createPinia();
    setBridge(fakeBridge({ 'overview/activity': () => cardsOnly }).bridge);
    wrapper = mount(ActivityCharts, { global: { plugins: [pinia] } });
    await flushPromises();
    expect(wrapper.text()).not.toContain('No transactions yet');
    const bars = wrapper.findAll('[data-testid="status-bar"]');
    expect(bars.map((b) => [b.attributes('data-kind'), b.find('.bar-label').text()])).toEqual([
      ['CARD', 'Card: settled'], ['CARD', 'Card: partly settled'], ['CARD', 'Card: returned by the merchant'],
    ]);
    expect(wrapper.find('[data-testid="empty-by-day"]').exists()).toBe(false);
    expect(wrapper.text()).toContain('12.50 USD');
    expect(wrapper.text().match(SCREAMING)).toBeNull();
    expect(wrapper.emitted('total')).toEqual([[3]]);
  });

  it('each empty chart says why it is empty', () => {
    const none = { byStatus: [], byDay: cardsOnly.byDay.map((d) => ({ ...d, completed: 0, failed: 0, other: 0 })), volumeByCurrency: [], total: 0, inProgress: 0 };
    expect(activityEmptyWords(none, 14).byStatus).toBe('No transactions yet: quotes, transfers, incoming payments and card payments show here once there are any.');
    const old = { ...none, byStatus: [{ kind: 'PAYMENT' as const, status: 'PROCESSING', count: 2 }], total: 2, inProgress: 2 };
    expect(activityEmptyWords(old, 14)).toEqual({
      byDay: 'None in the last 14 days of workspace time (up to 2026-01-14): all 2 transactions are older.',
      volume: 'Nothing completed yet: 2 still in progress.',
    });
    expect(activityStatusLabel({ kind: 'PAYMENT', status: 'COMPLETED' })).toBe('Delivered');
  });
});

describe('the Transfers outcome table', () => {
  it('reads every ending from the sandbox table the transfers run, so 004 and 005 say what the sandbox does', () => {
    const scenarios = Object.entries(TRANSFER_OUTCOMES).map(([suffix, s]) => ({ suffix, name: s.name, description: s.description, steps: s.steps, immediateFailure: s.immediateFailure ?? null }));
    wrapper = mount(TransferOutcomes, { props: { scenarios } });
    const rows = Object.fromEntries(wrapper.findAll('[data-testid="transfer-outcome"]').map((r) => [r.attributes('data-suffix'), r.findAll('td').map((td) => td.text())]));
    expect(Object.keys(rows)).toEqual(['002', '003', '004', '005', 'SUCCESS']);
    expect(rows['002']).toEqual(['Ending 002', 'Not enough money Fails at once: not enough money; no money moves.']);
    expect(rows['003']).toEqual(['Ending 003', 'Account closed or invalid Fails at once: account closed or invalid; no money moves.']);
    // 004: the bank rejects it after about 5 s; 005: pending about 30 s, then fails (the spec's table).
    expect(rows['004']).toEqual(['Ending 004', 'The account cannot receive it Fails about 5 s after the transfer is made: the account cannot receive it; the money is refunded.']);
    expect(rows['005']).toEqual(['Ending 005', 'The account cannot receive it Fails about 30 s after the transfer is made: the account cannot receive it; the money is refunded.']);
    expect(rows['SUCCESS']).toEqual(['Any other ending', 'Delivered Completes about 5 s after the transfer is made.']);
    expect(wrapper.text().match(SCREAMING)).toBeNull();
  });
});
