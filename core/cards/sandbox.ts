/**
 * The sandbox's card tables. Each outcome is chosen by the last 3 characters of something the caller
 * controls, as upstream's sandbox does; the choices neither the spec nor upstream settle are marked
 * DECIDED and explained.
 */

/** The last 3 characters of a string (the sandbox's selector). */
export function suffixOf(value: string): string {
  return value.slice(-3);
}

/** What issuing a card does, by the last 3 characters of `platformCardId` (or of `cardholderId` without one). */
export type IssuanceOutcome = 'ACTIVE' | 'STAYS_PROCESSING' | 'REJECTED' | 'DELAYED_ACTIVATION';

/** Issuance table: 001 stays PROCESSING, 002 is rejected (CLOSED, ISSUER_REJECTED), 005 activates after 30 s, others at once. */
export function issuanceOutcome(selector: string): IssuanceOutcome {
  switch (suffixOf(selector)) {
    case '001': return 'STAYS_PROCESSING';
    case '002': return 'REJECTED';
    case '005': return 'DELAYED_ACTIVATION';
    default: return 'ACTIVE';
  }
}

/** Funding sources whose account id ends 002 or 003 are ineligible (FUNDING_SOURCE_INELIGIBLE). */
export function fundingIneligible(accountId: string): boolean {
  return ['002', '003'].includes(suffixOf(accountId));
}

/** How the pull of an authorization goes. */
export type PullOutcome = 'CONFIRMED' | 'DELAYED' | 'FAILS_AFTER_SUCCESS' | 'FAILS';

/** What an authorization does, by the merchant descriptor's last 3 characters. */
export interface AuthorizationOutcome {
  /** A decline code, when the authorization is declined (no card transaction is made). */
  decline?: 'INSUFFICIENT_FUNDS' | 'CARD_PAUSED';
  /** How the authorization's pull goes. */
  pull: PullOutcome;
  /** The last 3 characters of the new card transaction's id (they choose the post-hoc pulls), or undefined for a random id. */
  idSuffix?: string;
}

/**
 * Authorization table (upstream's): 002 declines INSUFFICIENT_FUNDS, 003 declines CARD_PAUSED, 005
 * approves with the pull pending about 30 s, 006 approves and the pull's confirmation reports FAILED
 * (EXCEPTION); anything else approves with the pull confirmed at once.
 * DECIDED: the id of an approved card transaction ends in the descriptor's suffix (005 and 006), so
 * its later post-hoc pulls behave the same; and since 002 declines at authorization, the descriptor
 * suffixes 102 and 106 approve normally but mint ids ending 002 and 006, whose post-hoc pulls fail.
 */
export function authorizationOutcome(descriptor: string): AuthorizationOutcome {
  switch (suffixOf(descriptor)) {
    case '002': return { decline: 'INSUFFICIENT_FUNDS', pull: 'FAILS' };
    case '003': return { decline: 'CARD_PAUSED', pull: 'FAILS' };
    case '005': return { pull: 'DELAYED', idSuffix: '005' };
    case '006': return { pull: 'FAILS_AFTER_SUCCESS', idSuffix: '006' };
    case '102': return { pull: 'CONFIRMED', idSuffix: '002' };
    case '106': return { pull: 'CONFIRMED', idSuffix: '006' };
    default: return { pull: 'CONFIRMED' };
  }
}

/**
 * Post-hoc pull table, by the card transaction id's last 3 characters (the spec: "the parent
 * transaction id's suffix governs whether the post-hoc pull succeeds"): 002 fails (insufficient
 * funds), 006 is reported FAILED after the fact, 005 stays pending about 30 s, others confirm at once.
 */
export function postHocPullOutcome(cardTransactionId: string): PullOutcome {
  switch (suffixOf(cardTransactionId)) {
    case '002': return 'FAILS';
    case '006': return 'FAILS_AFTER_SUCCESS';
    case '005': return 'DELAYED';
    default: return 'CONFIRMED';
  }
}

/** How long a delayed pull stays pending, in seconds (upstream: "about 30 s"). */
export const PULL_DELAY_SECONDS = 30;
/** How long a delayed card activation takes, in seconds. */
export const ACTIVATION_DELAY_SECONDS = 30;

/** An id with its last 3 characters replaced (ids are `Type:<uuid v7>`; the tail is random bits). */
export function withSuffix(id: string, suffix: string | undefined): string {
  return suffix ? `${id.slice(0, -3)}${suffix}` : id;
}
