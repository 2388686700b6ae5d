import type { z } from 'zod';
import type { Ctx } from '../context';
import { invalidInput, ServiceError } from '../kernel/errors';
import { currencyAmount } from '../kernel/money';
import type { InternalAccountService } from '../accounts/internal-service';
import type { ExternalAccountService } from '../accounts/external-service';
import type { CustomerService } from '../customers/service';
import type { IncomingTxData, NewTransaction, OutgoingTxData, TransactionService } from '../transactions/service';
import type { Transaction } from '../transactions/schema';
import type { PaymentRunner } from '../transactions/runner';
import { incomingToAccount, outgoingFromAccount, type Funds } from '../payments/funds';
import { outcomeKey, TRANSFER_OUTCOMES } from '../payments/outcomes';
import { railsOf } from '../quotes/resolve';
import type { ResolvedTransferIn, ResolvedTransferOut, transferInSchema, transferOutSchema } from './schema';

/** A transfer's kind with its resource fields (the reference is added once the id exists). */
type Kind =
  | { type: 'OUTGOING'; direction: 'DEBIT'; data: Omit<OutgoingTxData, 'reconciliationInstructions'> }
  | { type: 'INCOMING'; direction: 'DEBIT'; data: Omit<IncomingTxData, 'reconciliationInstructions'> };

/** Same-currency transfers between an internal account and an external account, with the sandbox's suffix outcomes. */
export class TransferService {
  constructor(
    private readonly ctx: Ctx,
    private readonly internal: InternalAccountService,
    private readonly external: ExternalAccountService,
    private readonly customers: CustomerService,
    private readonly transactions: TransactionService,
    private readonly runner: PaymentRunner,
  ) {}

  /**
   * The body with its amount settled. The contract leaves `amount` optional; a transfer-out without one
   * moves the source account's whole available balance (what "empty this account" callers expect), and an
   * empty account is refused rather than answered with a zero-amount payment.
   */
  resolveOut(body: z.infer<typeof transferOutSchema>): ResolvedTransferOut {
    if (body.amount !== undefined) return { ...body, amount: body.amount };
    const account = this.internal.get(body.source.accountId);
    if (account.balance.amount <= 0) {
      throw new ServiceError(400, 'INSUFFICIENT_FUNDS', `No amount was given and ${account.id} has nothing available to transfer`, { available: account.balance.amount });
    }
    return { ...body, amount: account.balance.amount };
  }

  /**
   * The body with its amount settled. A pull has no balance to default to: the external bank account's
   * balance is not known to the platform, so a transfer-in without an amount is refused, naming the field.
   */
  resolveIn(body: z.infer<typeof transferInSchema>): ResolvedTransferIn {
    if (body.amount !== undefined) return { ...body, amount: body.amount };
    throw invalidInput('amount', 'is needed for a transfer-in: the balance of the external bank account is not known, so there is no whole balance to pull');
  }

  /** Pushes money from an internal account to an external account of the same currency. */
  transferOut(request: z.infer<typeof transferOutSchema>): Transaction {
    const { from, to } = this.accounts(request.source.accountId, request.destination.accountId, 'source.accountId', 'destination.accountId');
    const body = this.resolveOut(request);
    const rails = railsOf(to.accountType, to.info, to.currency);
    if (body.destination.paymentRail && !rails.includes(body.destination.paymentRail)) {
      throw invalidInput('destination.paymentRail', `${body.destination.paymentRail} is not supported by this ${to.accountType}; use one of ${rails.join(', ')}`);
    }
    const key = outcomeKey(to.identifier, TRANSFER_OUTCOMES);
    const scenario = TRANSFER_OUTCOMES[key]!;
    if (!scenario.immediateFailure) {
      const available = this.internal.get(from.id).balance.amount;
      if (available < body.amount) throw new ServiceError(400, 'INSUFFICIENT_FUNDS', `The source account holds ${available} but the transfer needs ${body.amount} (${from.currency} minor units)`, { available, required: body.amount });
    }
    const data: Omit<OutgoingTxData, 'reconciliationInstructions'> = {
      source: { sourceType: 'ACCOUNT', accountId: from.id, currency: from.currency },
      destination: { destinationType: 'ACCOUNT', accountId: to.id, currency: to.currency },
      sentAmount: currencyAmount(body.amount, from.currency), receivedAmount: currencyAmount(body.amount, to.currency), fees: 0,
      paymentRail: body.destination.paymentRail ?? rails[0]!, railSelectionMode: body.destination.paymentRail ? 'MANUAL' : 'AUTO',
      ...(body.remittanceInformation ? { remittanceInformation: body.remittanceInformation } : {}),
      ...(body.purposeOfPayment ? { purposeOfPayment: body.purposeOfPayment } : {}), ...(body.description ? { description: body.description } : {}),
    };
    return this.begin('TRANSFER_OUT', { type: 'OUTGOING', direction: 'DEBIT', data }, from.customerId, from.id, to.identifier, from.currency, body.amount, key,
      outgoingFromAccount(from.id, from.currency, body.amount));
  }

  /** Pulls money from an external bank account into an internal account of the same currency. */
  transferIn(request: z.infer<typeof transferInSchema>): Transaction {
    const { from, to } = this.accounts(request.destination.accountId, request.source.accountId, 'destination.accountId', 'source.accountId');
    const body = this.resolveIn(request);
    if (!to.accountType.endsWith('_ACCOUNT')) throw invalidInput('source.accountId', `a ${to.accountType} cannot be pulled from; transfer-in needs a bank account`);
    const key = outcomeKey(to.identifier, TRANSFER_OUTCOMES);
    const data: Omit<IncomingTxData, 'reconciliationInstructions'> = {
      source: { sourceType: 'ACCOUNT', accountId: to.id, currency: to.currency },
      destination: { destinationType: 'ACCOUNT', accountId: from.id, currency: from.currency },
      sentAmount: currencyAmount(body.amount, to.currency), receivedAmount: currencyAmount(body.amount, from.currency), fees: 0,
      ...(body.description ? { description: body.description } : {}),
    };
    // A pull from the customer's bank is INCOMING but DEBIT, as upstream marks an inbound ACH pull.
    return this.begin('TRANSFER_IN', { type: 'INCOMING', direction: 'DEBIT', data }, from.customerId, to.identifier, from.id, from.currency, body.amount, key,
      incomingToAccount(from.id, from.currency, body.amount, 'transfer-in'));
  }

  private accounts(internalId: string, externalId: string, internalField: string, externalField: string) {
    const from = this.internal.record(internalId);
    if (from.status !== 'ACTIVE') throw invalidInput(internalField, `internal account ${internalId} is ${from.status}, not ACTIVE`);
    const { account, identifier } = this.external.destination(externalId);
    const to = { id: account.id, currency: account.currency, accountType: String(account.accountInfo.accountType), info: account.accountInfo, identifier };
    if (to.currency !== from.currency) throw invalidInput(externalField, `is a ${to.currency} account but ${internalId} holds ${from.currency}: use a quote for cross-currency transfers`);
    return { from, to };
  }

  private begin(kind: 'TRANSFER_IN' | 'TRANSFER_OUT', what: Kind, customerId: string | null,
    sender: string, receiver: string, cur: string, amount: number, key: string, funds: Funds): Transaction {
    const scenario = TRANSFER_OUTCOMES[key]!;
    const id = this.ctx.ids('Transaction');
    const reference = `T${id.slice(-10).replace(/-/g, '').toUpperCase()}`;
    const reconciliationInstructions = { reference };
    const fields = {
      id, status: scenario.immediateFailure ? 'FAILED' as const : 'PENDING' as const, kind, customerId,
      platformCustomerId: customerId ? this.customers.get(customerId).platformCustomerId : null, quoteId: null,
      senderIdentifier: sender, receiverIdentifier: receiver, reference, sendingCurrency: cur, sentAmount: amount,
      receivingCurrency: cur, receivedAmount: amount, fees: 0, scenario: `TRANSFER:${key}`, funds,
      failureReason: scenario.immediateFailure ?? null,
    };
    const tx: NewTransaction = what.type === 'OUTGOING'
      ? { ...fields, type: 'OUTGOING', direction: what.direction, data: { ...what.data, reconciliationInstructions } }
      : { ...fields, type: 'INCOMING', direction: what.direction, data: { ...what.data, reconciliationInstructions } };
    return this.ctx.transaction(() => {
      const created = this.transactions.create(tx, scenario.immediateFailure ? `SANDBOX_${scenario.immediateFailure}` : `${kind}_CREATED`);
      if (scenario.immediateFailure) return created;
      this.runner.mover.place(funds, id, kind);
      this.runner.start(id, scenario);
      return created;
    });
  }
}
