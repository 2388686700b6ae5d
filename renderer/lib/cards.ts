import type { HandlerOutput } from '../../core/index';

/** One card row of the Cards screen: the card, its holder's name and its funding accounts with balances. */
export type CardRow = HandlerOutput<'cards/list'>['data'][number];
/** One card transaction's reconciliation (`cards/reconciliation`). */
export type CardReconciliationView = HandlerOutput<'cards/reconciliation'>;

/**
 * Why a card is in its state, in words (empty when the state says it all). A FROZEN card has no
 * stateReason in upstream's set, so its words come from the state.
 */
export function cardStateWords(card: { state: string; stateReason?: string | null }): string {
  if (card.stateReason === 'ISSUER_REJECTED') return 'Rejected by the issuer';
  if (card.stateReason === 'CLOSED_BY_PLATFORM') return 'Closed by the platform';
  if (card.stateReason === 'CLOSED_BY_SVC') return 'Closed by the service';
  return card.state === 'FROZEN' ? 'Frozen by the platform' : '';
}

/** The merchant-descriptor suffixes of the sandbox's authorization table, in words, for the simulation panel. */
export const AUTH_SUFFIXES = [
  { value: '000', label: 'Approved (…000)' },
  { value: '005', label: 'Approved, pull waits 30 s (…005)' },
  { value: '006', label: 'Approved, pull fails: exception (…006)' },
  { value: '102', label: 'Approved, later extra pulls fail (…102)' },
  { value: '002', label: 'Declined: insufficient funds (…002)' },
  { value: '003', label: 'Declined: card paused (…003)' },
] as const;

/** The card network messages the simulation panel sends, each one public API call. */
export const NETWORK_MESSAGES = [
  { value: 'authorization', label: 'Authorization: on hold, cleared later', button: 'Authorize', credit: false },
  { value: 'financial_authorization', label: 'Financial authorization: paid at once (ATM)', button: 'Withdraw', credit: false },
  { value: 'credit_authorization', label: 'Credit authorization: a refund to the card, cleared later', button: 'Credit', credit: true },
  { value: 'financial_credit_authorization', label: 'Financial credit: a payout to the card, paid at once', button: 'Pay out', credit: true },
  { value: 'credit_authorization_advice', label: 'Credit advice: approved by the network, even on a frozen card', button: 'Advise credit', credit: true },
] as const;
/** One kind of network message (the last segment of its simulate path). */
export type NetworkMessage = (typeof NETWORK_MESSAGES)[number]['value'];

/** A card's details as its reveal page showed them. */
export interface RevealedCard {
  cardId: string;
  pan: string;
  exp: string;
  cvv: string;
}

/** Reads the card details out of a reveal page's HTML (parsed as an inert document: nothing in it runs). */
export function revealedFrom(cardId: string, html: string): RevealedCard {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const field = (id: string) => doc.querySelector(`[data-testid="${id}"]`)?.textContent?.trim() ?? '';
  const revealed = { cardId, pan: field('pan'), exp: field('exp'), cvv: field('cvv') };
  if (!revealed.pan || !revealed.cvv) throw new Error('The reveal page did not show the card details');
  return revealed;
}

/** A merchant descriptor ending in a sandbox suffix. */
export function descriptorWith(name: string, suffix: string): string {
  return `${name.trim().replace(/\s*\d{3}$/, '') || 'SANDBOX MERCHANT'} ${suffix}`;
}

/** Card transactions in words live in core/story/card-words.ts, shared with the case file. */
export { cardTxSentence, cardEventEntries, cardHoldWords, cardNoteWords, reconPoints, type ReconPoint } from '../../core/story/card-words';
