import { defineStore } from 'pinia';
import { ref, shallowRef } from 'vue';
import type { z } from 'zod';
import type { DomainEvent } from '../../core/index';
import type { createCardSchema } from '../../core/cards/schema';
import type { CardTransaction } from '../../core/transactions/card-schema';
import { api, apiExchange, apiRequest, invoke, onEvent, responseError, toConsoleError, type ConsoleError } from '../api/client';
import { revealedFrom, type CardReconciliationView, type CardRow, type NetworkMessage, type RevealedCard } from '../lib/cards';

/** A new card as `POST /cards` takes it. */
export type NewCard = z.input<typeof createCardSchema>;

/** The Cards screen: cards, the open card's transactions and the open transaction's reconciliation, kept live. */
export const useCardsStore = defineStore('cards', () => {
  const cards = shallowRef<CardRow[]>([]);
  const cardsTotal = ref(0);
  const loaded = ref(false);
  const error = shallowRef<ConsoleError | null>(null);
  const cardId = ref<string | null>(null);
  const txs = shallowRef<CardTransaction[]>([]);
  const txsTotal = ref(0);
  const txId = ref<string | null>(null);
  const reconciliation = shallowRef<CardReconciliationView | null>(null);
  /** A simulation or state change is running (the panel's buttons wait). */
  const busy = ref(false);
  /** The card details last revealed (shown until hidden or another card opens). */
  const revealed = shallowRef<RevealedCard | null>(null);

  /** Loads the cards (the first open card stays open, or the first one opens). */
  async function loadCards(): Promise<void> {
    try {
      const page = await invoke('cards/list', { limit: 100 });
      cards.value = page.data;
      cardsTotal.value = page.totalCount;
      error.value = null;
      loaded.value = true;
      if (!cardId.value || !page.data.some((c) => c.card.id === cardId.value)) await openCard(page.data[0]?.card.id ?? null);
      else await loadTxs();
    } catch (err) {
      error.value = toConsoleError(err);
    }
  }

  /** Opens a card: its transactions, the newest one's reconciliation. */
  async function openCard(id: string | null): Promise<void> {
    if (cardId.value !== id) txId.value = null;
    if (revealed.value?.cardId !== id) revealed.value = null;
    cardId.value = id;
    await loadTxs();
  }

  async function loadTxs(): Promise<void> {
    const id = cardId.value;
    if (!id) {
      txs.value = [];
      txsTotal.value = 0;
      reconciliation.value = null;
      return;
    }
    const page = await invoke('cards/transactions', { cardId: id, limit: 100 });
    if (cardId.value !== id) return;
    txs.value = page.data;
    txsTotal.value = page.totalCount;
    if (!txId.value || !page.data.some((t) => t.id === txId.value)) txId.value = page.data[0]?.id ?? null;
    await loadReconciliation();
  }

  /** Opens one card transaction's reconciliation. */
  async function openTx(id: string): Promise<void> {
    txId.value = id;
    await loadReconciliation();
  }

  async function loadReconciliation(): Promise<void> {
    const id = txId.value;
    if (!id) {
      reconciliation.value = null;
      return;
    }
    const r = await reconciliationOf(id);
    if (txId.value === id) reconciliation.value = r;
  }

  /** One card transaction's reconciliation by id (the transaction drawer's; the screen's open one is left as it is). */
  function reconciliationOf(id: string): Promise<CardReconciliationView> {
    return invoke('cards/reconciliation', { id });
  }

  /** Calls `run` whenever an event about the card transaction `id()` names is committed; returns the unsubscribe. */
  function watchTransaction(id: () => string, run: () => void): () => void {
    return onEvent((e) => {
      if (e.resourceId === id()) run();
    });
  }

  // Every action goes through the public API, so it shows in the request log like an integrator's call.
  async function act<T>(work: () => Promise<T>): Promise<T> {
    busy.value = true;
    try {
      return await work();
    } finally {
      busy.value = false;
    }
  }

  /** Issues a virtual card (`POST /cards`); the new card opens. */
  function issue(body: NewCard) {
    return act(async () => {
      const card = await api('POST /cards', { body });
      cardId.value = card.id;
      await loadCards();
      return card;
    });
  }

  /** Freezes, unfreezes or closes a card. */
  function setState(id: string, state: 'ACTIVE' | 'FROZEN' | 'CLOSED') {
    return act(async () => {
      await api('PATCH /cards/{id}', { params: { id }, body: { state } });
      await loadCards();
    });
  }

  /** Sends one network message (authorization, financial, credit ...) for the open card; the new transaction opens. */
  function simulate(kind: NetworkMessage, amount: number, currency: string, descriptor: string) {
    return act(async () => {
      const input = { params: { id: cardId.value! }, body: { amount, currency: { code: currency }, merchant: { descriptor } } };
      const tx = kind === 'authorization' ? await api('POST /sandbox/cards/{id}/simulate/authorization', input)
        : kind === 'financial_authorization' ? await api('POST /sandbox/cards/{id}/simulate/financial_authorization', input)
          : kind === 'credit_authorization' ? await api('POST /sandbox/cards/{id}/simulate/credit_authorization', input)
            : kind === 'financial_credit_authorization' ? await api('POST /sandbox/cards/{id}/simulate/financial_credit_authorization', input)
              : await api('POST /sandbox/cards/{id}/simulate/credit_authorization_advice', input);
      txId.value = tx.id;
      await loadTxs();
      return tx;
    });
  }

  /**
   * Reveals a card as an integrator's page would: POST /cards/{id}/reveal, then the single-use page its
   * link opens (through the console's bridge, so it works in the desktop app too), read for its details.
   */
  function reveal(id: string) {
    return act(async () => {
      const link = await api('POST /cards/{id}/reveal', { params: { id } });
      const token = decodeURIComponent(new URL(link.panEmbedUrl).pathname.split('/').pop() ?? '');
      const page = await apiExchange(apiRequest('GET /card-reveals/{token}', { params: { token } }));
      if (page.status !== 200 || typeof page.body !== 'string') throw responseError(page);
      revealed.value = revealedFrom(id, page.body);
    });
  }

  /** Hides the revealed card details. */
  function hideReveal(): void {
    revealed.value = null;
  }

  /** Simulates a clearing of the open transaction (0 expires the authorization). */
  function clear(amount: number) {
    return act(async () => {
      await api('POST /sandbox/cards/{id}/simulate/clearing', { params: { id: cardId.value! }, body: { cardTransactionId: txId.value!, amount } });
      await loadTxs();
    });
  }

  /** Simulates a merchant return of the open transaction. */
  function refund(amount: number) {
    return act(async () => {
      await api('POST /sandbox/cards/{id}/simulate/return', { params: { id: cardId.value! }, body: { cardTransactionId: txId.value!, amount } });
      await loadTxs();
    });
  }

  /** Simulates the reversal of the open transaction's returns. */
  function reverseReturn() {
    return act(async () => {
      await api('POST /sandbox/cards/{id}/simulate/return_reversal', { params: { id: cardId.value! }, body: { cardTransactionId: txId.value! } });
      await loadTxs();
    });
  }

  let timer: ReturnType<typeof setTimeout> | undefined;
  /** Takes one live event: card changes and card transaction changes (a delayed pull, a call from outside) reload what they touch. */
  function receive(event: DomainEvent): void {
    const cardEvent = event.resourceType === 'Card';
    const txEvent = event.resourceType === 'Transaction' && event.type.startsWith('CARD_TRANSACTION.');
    if (!cardEvent && !txEvent && event.type !== 'INTERNAL_ACCOUNT.BALANCE_UPDATED') return;
    clearTimeout(timer);
    // A simulation commits several events at once: reload once the burst has passed.
    timer = setTimeout(() => void loadCards().catch(() => undefined), 120);
  }

  /** Subscribes to the live stream; returns the unsubscribe function. */
  function subscribe(): () => void {
    const stop = onEvent(receive);
    return () => {
      clearTimeout(timer);
      stop();
    };
  }

  return {
    cards, cardsTotal, loaded, error, cardId, txs, txsTotal, txId, reconciliation, busy, revealed,
    loadCards, openCard, openTx, reconciliationOf, watchTransaction, issue, setState, simulate, reveal, hideReveal, clear, refund, reverseReturn, subscribe, receive,
  };
});
