import type { z } from 'zod';
import type { Ctx } from '../context';
import { conflict, invalidInput, notFound, ServiceError } from '../kernel/errors';
import type { Page } from '../kernel/pagination';
import type { InternalAccountRecord, InternalAccountService } from '../accounts/internal-service';
import type { CustomerService } from '../customers/service';
import { verificationStatusOf } from '../customers/schema';
import { cardOf, cardRepo, type CardRecord } from './repo';
import { ACTIVATION_DELAY_SECONDS, fundingIneligible, issuanceOutcome } from './sandbox';
import type { Card, CardState, createCardSchema, listCardsQuery, updateCardSchema } from './schema';

/** A stored card (declared with its SQL in repo.ts). */
export type { CardRecord } from './repo';

const ACTIVATE_JOB = 'card.activate';

/**
 * The card states a PATCH may move between: ACTIVE and FROZEN swap, either may close, CLOSED is
 * final; PENDING_KYC and PROCESSING cards are the issuer's to move (activation), not the platform's.
 */
const PATCH_TRANSITIONS: Record<CardState, readonly CardState[]> = {
  PENDING_KYC: [],
  PROCESSING: [],
  ACTIVE: ['FROZEN', 'CLOSED'],
  FROZEN: ['ACTIVE', 'CLOSED'],
  CLOSED: [],
};

/** Cards: issuance with the sandbox's suffix outcomes, state changes, funding sources and lists. */
export class CardService {
  private readonly repo;

  constructor(private readonly ctx: Ctx, private readonly customers: CustomerService, private readonly internal: InternalAccountService) {
    this.repo = cardRepo(ctx.db);
    ctx.scheduler.register(ACTIVATE_JOB, (job) => this.activate(String(job.payload['cardId'])));
  }

  /** Issues a card to a KYC-approved customer, funded by their internal accounts (201 Card). */
  create(body: z.infer<typeof createCardSchema>, options: { sandboxSuffixes?: boolean } = {}): Card {
    const holder = this.cardholder(body.cardholderId);
    if (verificationStatusOf(holder) !== 'APPROVED') {
      throw new ServiceError(400, 'CARDHOLDER_KYC_NOT_APPROVED', `Customer ${holder.id} cannot hold a card until their verification is APPROVED (it is ${verificationStatusOf(holder)})`);
    }
    const currency = this.checkFundingSources(holder.id, body.fundingSources, options.sandboxSuffixes ?? true);
    const taken = body.platformCardId ? this.repo.findByPlatformId(body.platformCardId) : undefined;
    if (taken) throw invalidInput('platformCardId', `is taken by card ${taken.id}`);
    const outcome = issuanceOutcome(body.platformCardId ?? holder.id);
    const now = this.ctx.clock.nowMs();
    const id = this.ctx.ids('Card');
    const nowDate = new Date(now);
    const card: CardRecord = {
      id, cardholderId: holder.id, platformCardId: body.platformCardId ?? null,
      state: outcome === 'ACTIVE' ? 'ACTIVE' : outcome === 'REJECTED' ? 'CLOSED' : 'PROCESSING',
      stateReason: outcome === 'REJECTED' ? 'ISSUER_REJECTED' : null,
      currency, fundingSources: body.fundingSources, maxSpendPerTransaction: body.maxSpendPerTransaction ?? null,
      last4: last4Of(body.platformCardId ?? id), expMonth: nowDate.getUTCMonth() + 1, expYear: nowDate.getUTCFullYear() + 3,
      createdAt: now, updatedAt: now,
    };
    return this.ctx.transaction(() => {
      this.repo.insert(card);
      this.repo.assignNumber(id, card.last4);
      const resource = cardOf(card);
      this.ctx.events.append('CARD.CREATED', 'Card', id, resource);
      if (outcome === 'DELAYED_ACTIVATION') this.ctx.scheduler.schedule(ACTIVATE_JOB, now + ACTIVATION_DELAY_SECONDS * 1000, { cardId: id }, id);
      return resource;
    });
  }

  /** One card (404 REFERENCE_NOT_FOUND). */
  get(id: string): Card {
    return cardOf(this.record(id));
  }

  /** The stored card (404 REFERENCE_NOT_FOUND). */
  record(id: string): CardRecord {
    const c = this.repo.find(id);
    if (!c) throw notFound('REFERENCE_NOT_FOUND', `Card ${id} not found`);
    return c;
  }

  /** A filtered page of cards, newest first. */
  list(q: z.infer<typeof listCardsQuery>): Page<Card> {
    const page = this.repo.list(q);
    return { ...page, data: page.data.map(cardOf) };
  }

  /** Changes a card's state, funding sources or limit (409 on a state change the table refuses). */
  update(id: string, patch: z.infer<typeof updateCardSchema>): Card {
    const card = this.record(id);
    const next: CardRecord = { ...card };
    if (patch.state !== undefined && patch.state !== card.state) {
      if (card.state === 'CLOSED') throw conflict(`Card ${id} is CLOSED; a closed card cannot change`, 'CARD_ALREADY_CLOSED', { state: card.state });
      if (card.state === 'PROCESSING' || card.state === 'PENDING_KYC') {
        throw conflict(`Card ${id} is ${card.state}; it can change only once the issuer has activated it`, 'CARD_NOT_MUTABLE', { state: card.state });
      }
      if (!PATCH_TRANSITIONS[card.state].includes(patch.state)) {
        throw conflict(`Card ${id} cannot move from ${card.state} to ${patch.state}`, 'INVALID_STATE_TRANSITION', { from: card.state, to: patch.state });
      }
      next.state = patch.state;
      // A FROZEN card carries no reason: upstream's set has none for it, the state says it.
      next.stateReason = patch.state === 'CLOSED' ? 'CLOSED_BY_PLATFORM' : null;
    }
    if (patch.fundingSources !== undefined || patch.maxSpendPerTransaction !== undefined) {
      if (card.state === 'CLOSED') throw conflict(`Card ${id} is CLOSED; a closed card cannot change`, 'CARD_ALREADY_CLOSED', { state: card.state });
    }
    if (patch.fundingSources !== undefined) {
      const currency = this.checkFundingSources(card.cardholderId, patch.fundingSources, true);
      if (currency !== card.currency) throw invalidInput('fundingSources', `must hold ${card.currency}, the card's currency (these hold ${currency})`);
      next.fundingSources = patch.fundingSources;
    }
    if (patch.maxSpendPerTransaction !== undefined) next.maxSpendPerTransaction = patch.maxSpendPerTransaction;
    return this.ctx.transaction(() => this.save(next, card));
  }

  /** How many cards exist. */
  count(): number {
    return this.repo.count();
  }

  private save(next: CardRecord, before: CardRecord): Card {
    next.updatedAt = this.ctx.clock.nowMs();
    this.repo.save(next);
    const resource = cardOf(next);
    if (next.state !== before.state) this.ctx.events.append('CARD.STATE_CHANGE', 'Card', next.id, resource);
    if (JSON.stringify(next.fundingSources) !== JSON.stringify(before.fundingSources)) this.ctx.events.append('CARD.FUNDING_SOURCE_CHANGE', 'Card', next.id, resource);
    if (next.maxSpendPerTransaction !== before.maxSpendPerTransaction) this.ctx.events.append('CARD.UPDATED', 'Card', next.id, resource);
    return resource;
  }

  // The delayed activation of the sandbox's 005 cards; a card changed meanwhile (closed) stays as it is.
  private activate(cardId: string): void {
    const card = this.record(cardId);
    if (card.state !== 'PROCESSING') return;
    this.save({ ...card, state: 'ACTIVE', stateReason: null }, card);
  }

  // Upstream lists only 400 (and 401) for POST /cards: an unknown or deleted cardholder is bad input naming the field, not a 404 or 410.
  private cardholder(id: string) {
    let holder;
    try {
      holder = this.customers.get(id);
    } catch (err) {
      if (err instanceof ServiceError && err.status === 404) throw invalidInput('cardholderId', `no customer ${id} exists`);
      throw err;
    }
    if (holder.isDeleted) throw invalidInput('cardholderId', `customer ${id} has been deleted`);
    return holder;
  }

  private findAccount(id: string): InternalAccountRecord | undefined {
    try {
      return this.internal.record(id);
    } catch (err) {
      if (err instanceof ServiceError && err.status === 404) return undefined;
      throw err;
    }
  }

  // Funding sources: the cardholder's own live internal accounts, in one currency; returns that currency.
  // `sandboxSuffixes` false: the seed's card, whose account id (random) must not turn a new workspace into a failed one.
  private checkFundingSources(cardholderId: string, ids: string[], sandboxSuffixes: boolean): string {
    if (new Set(ids).size !== ids.length) throw invalidInput('fundingSources', 'names an account twice');
    let currency: string | undefined;
    ids.forEach((accountId, i) => {
      const field = `fundingSources.${i}`;
      const account = this.findAccount(accountId);
      if (!account) throw invalidInput(field, `internal account ${accountId} does not exist`);
      if (account.customerId !== cardholderId) throw invalidInput(field, `internal account ${accountId} does not belong to the cardholder ${cardholderId}`);
      if (account.status !== 'ACTIVE') throw invalidInput(field, `internal account ${accountId} is ${account.status}, not ACTIVE`);
      if (sandboxSuffixes && fundingIneligible(accountId)) {
        throw new ServiceError(400, 'FUNDING_SOURCE_INELIGIBLE', `${field}: internal account ${accountId} cannot fund a card (sandbox suffix ${accountId.slice(-3)})`, { errors: [{ field, message: 'is not eligible to fund a card' }] });
      }
      if (currency !== undefined && account.currency !== currency) throw invalidInput(field, `holds ${account.currency} but the first funding source holds ${currency}; a card spends one currency`);
      currency = account.currency;
    });
    return currency!;
  }
}

// The last 4 digits printed on the card: the selector's own when it ends in 4 digits (so a tester can tell cards apart), else digits of the id.
function last4Of(selector: string): string {
  const own = /(\d{4})$/.exec(selector);
  if (own) return own[1]!;
  const digits = selector.replace(/\D/g, '');
  return digits.slice(-4).padStart(4, '0');
}
