import { createHash } from 'node:crypto';
import type { z } from 'zod';
import type { Ctx } from '../context';
import { invalidInput, notFound, ServiceError } from '../kernel/errors';
import { currencyAmount, findCurrency } from '../kernel/money';
import type { InternalAccountService } from '../accounts/internal-service';
import type { CustomerService } from '../customers/service';
import { verificationStatusOf, type Customer } from '../customers/schema';
import type { TransactionService } from '../transactions/service';
import type { IncomingTransaction } from '../transactions/schema';
import type { PaymentRunner } from '../transactions/runner';
import { incomingToAccount } from '../payments/funds';
import { QUOTE_OUTCOMES } from '../payments/outcomes';

/** Currencies that arrive on chain, so their incoming payments carry a transactionHash. */
const CRYPTO_CURRENCIES = new Set(['USDC', 'USDT', 'BTC']);
import type { umaReceiveSchema } from './schema';

/**
 * Holds an incoming payment for the platform's approval (the webhooks area implements it: when a
 * webhook endpoint is set, INCOMING_PAYMENT.PENDING asks the platform first). True means "wait".
 */
export interface ApprovalGate {
  hold(transactionId: string): boolean;
}

/** Sandbox: an incoming UMA payment lands on the receiving customer's internal account in that currency. */
export class IncomingPaymentSimulator {
  /** Plugged in by services.ts; without it every incoming payment proceeds at once. */
  approvalGate: ApprovalGate | undefined;

  constructor(
    private readonly ctx: Ctx,
    private readonly customers: CustomerService,
    private readonly internal: InternalAccountService,
    private readonly transactions: TransactionService,
    private readonly runner: PaymentRunner,
  ) {}

  /** Creates the INCOMING transaction (PENDING, completing about 5 seconds later). */
  receive(body: z.infer<typeof umaReceiveSchema>): IncomingTransaction {
    const customer = body.customerId !== undefined ? this.byCustomerId(body.customerId, body.receiverUmaAddress) : this.byAddress(body.receiverUmaAddress ?? '');
    const cur = body.receivingCurrencyCode.toUpperCase();
    if (!findCurrency(cur)) throw invalidInput('receivingCurrencyCode', `${body.receivingCurrencyCode} is not a supported currency`);
    return this.ctx.transaction(() => {
      const account = this.internal.provision(customer.id, [cur], verificationStatusOf(customer) === 'APPROVED' ? 'ACTIVE' : 'PENDING')[0]!;
      const id = this.ctx.ids('Transaction');
      const reference = `U${id.slice(-10).replace(/-/g, '').toUpperCase()}`;
      const funds = incomingToAccount(account.id, cur, body.receivingCurrencyAmount, 'uma-inbound');
      const tx = this.transactions.create({
        id, type: 'INCOMING', status: 'PENDING', direction: 'CREDIT', kind: 'UMA_RECEIVE', customerId: customer.id,
        platformCustomerId: customer.platformCustomerId, quoteId: null, senderIdentifier: body.senderUmaAddress,
        receiverIdentifier: customer.umaAddress, reference, sendingCurrency: null, sentAmount: null, receivingCurrency: cur,
        receivedAmount: body.receivingCurrencyAmount, fees: 0, scenario: 'UMA_RECEIVE:SUCCESS', funds,
        data: {
          source: { sourceType: 'UMA_ADDRESS', umaAddress: body.senderUmaAddress, currency: cur },
          destination: { destinationType: 'ACCOUNT', accountId: account.id, currency: cur },
          receivedAmount: currencyAmount(body.receivingCurrencyAmount, cur), fees: 0,
          // Crypto arrives on chain: its on-chain hash (deterministic in the sandbox) travels with the reference.
          reconciliationInstructions: { reference, ...(CRYPTO_CURRENCIES.has(cur) ? { transactionHash: `0x${createHash('sha256').update(id).digest('hex')}` } : {}) },
        },
      }, 'SANDBOX_UMA_RECEIVED');
      this.runner.mover.place(funds, id, 'UMA_INBOUND');
      if (!this.approvalGate?.hold(id)) this.runner.start(id, QUOTE_OUTCOMES['SUCCESS']!);
      return tx;
    });
  }

  /** The platform approved a held payment: it completes as an unheld one would (about 5 seconds later). */
  proceed(transactionId: string): void {
    this.ctx.transaction(() => this.runner.start(transactionId, QUOTE_OUTCOMES['SUCCESS']!));
  }

  /** The platform refused a held payment (or never answered): it fails and the money goes back to the sender. */
  refuse(transactionId: string, failureReason: string, cause: string): void {
    this.ctx.transaction(() => {
      this.transactions.transition(transactionId, 'FAILED', cause, { failureReason });
      this.runner.mover.refund(this.runner.funds(transactionId), transactionId, 'PAYMENT_REVERSED');
    });
  }

  private byAddress(address: string): Customer {
    const customer = this.customers.findLiveByUmaAddress(address);
    if (!customer) throw notFound('UMA_NOT_FOUND', `No customer of this platform has the UMA address ${address}`);
    return customer;
  }

  /** Upstream's alternative: the receiver named by id, its UMA address implied (and checked against one given too). */
  private byCustomerId(customerId: string, address: string | undefined): Customer {
    const customer = this.customers.get(customerId);
    if (customer.isDeleted) throw new ServiceError(410, 'CUSTOMER_DELETED', `Customer ${customerId} has been deleted and cannot receive payments`);
    if (!customer.umaAddress) throw invalidInput('customerId', `customer ${customerId} has no UMA address to receive on`);
    if (address !== undefined && address.toLowerCase() !== customer.umaAddress.toLowerCase()) {
      throw invalidInput('receiverUmaAddress', `${address} is not the UMA address of customer ${customerId} (${customer.umaAddress}); send one of the two, or both agreeing`,
        [{ field: 'customerId', message: `names a customer whose UMA address is ${customer.umaAddress}` }]);
    }
    return customer;
  }
}
