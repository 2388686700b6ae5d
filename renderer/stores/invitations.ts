import { defineStore } from 'pinia';
import { shallowRef } from 'vue';
import type { HandlerOutput } from '../../core/console/handlers';
import type { Invitation, InvitationStatus } from '../../core/invitations/schema';
import { api, invoke, onEvent, toConsoleError, type ConsoleError } from '../api/client';

/** One row of the Invitations screen: the invitation with its inviter's name. */
export type InvitationRow = HandlerOutput<'invitations/list'>['data'][number];

/** The Invitations screen: the list (a console handler; upstream has no list route) and the API calls that change it. */
export const useInvitationsStore = defineStore('invitations', () => {
  const rows = shallowRef<InvitationRow[]>([]);
  const total = shallowRef(0);
  const loaded = shallowRef(false);
  const error = shallowRef<ConsoleError | null>(null);
  const status = shallowRef<InvitationStatus | null>(null);

  /** Loads the newest invitations, of one status when chosen. */
  async function load(): Promise<void> {
    error.value = null;
    try {
      const page = await invoke('invitations/list', { limit: 200, ...(status.value ? { status: status.value } : {}) });
      rows.value = page.data;
      total.value = page.totalCount;
    } catch (err) {
      error.value = toConsoleError(err);
    } finally {
      loaded.value = true;
    }
  }

  /** Creates an invitation (`POST /invitations`). */
  async function create(body: { inviterUma: string; firstName?: string; amountToSend?: number }): Promise<Invitation> {
    const created = await api('POST /invitations', { body });
    await load();
    return created;
  }

  /** The decimals of a currency, from `GET /exchange-rates` (the rate table knows every currency); 2 when it cannot say. */
  async function decimalsOf(code: string): Promise<number> {
    const other = code === 'USD' ? 'EUR' : 'USD';
    const rates = await api('GET /exchange-rates', { query: { sourceCurrency: code, destinationCurrency: [other] } }).catch(() => null);
    return rates?.data[0]?.sourceCurrency.decimals ?? 2;
  }

  /** Cancels an invitation (`POST /invitations/{code}/cancel`). */
  async function cancel(code: string): Promise<void> {
    await api('POST /invitations/{invitationCode}/cancel', { params: { invitationCode: code } });
    await load();
  }

  /** Claims an invitation as a sandbox invitee would (`POST /invitations/{code}/claim`). */
  async function claim(code: string, inviteeUma: string): Promise<void> {
    await api('POST /invitations/{invitationCode}/claim', { params: { invitationCode: code }, body: { inviteeUma } });
    await load();
  }

  /** Reloads when an invitation changes (created, claimed, cancelled, expired). */
  function follow(): () => void {
    return onEvent((e) => {
      if (e.type.startsWith('INVITATION.')) void load();
    });
  }

  return { rows, total, loaded, error, status, load, create, decimalsOf, cancel, claim, follow };
});
