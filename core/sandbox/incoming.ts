import type { z } from 'zod';
import type { Ctx } from '../context';
import { invalidInput, notFound, ServiceError } from '../kernel/errors';
import { currencyAmount, findCurrency } from '../kernel/money';
import type { InternalAccountService } from '../accounts/internal-service';
import { findCustomer, type CustomerRow } from '../customers/repo';
import type { TransactionService } from '../transactions/service';
import type { IncomingTransaction } from '../transactions/schema';
import type { PaymentRunner } from '../payments/runner';
import { incomingToAccount } from '../payments/funds';
import { QUOTE_SCENARIOS } from './scenarios';
import type { umaReceiveSchema } from './schema';

type Receiver = Pick<CustomerRow, 'id' | 'platform_customer_id' | 'kyc_status' | 'uma_address'>;

/** Sandbox: an incoming UMA payment lands on the receiving customer's internal account in that currency. */
export class IncomingPaymentSimulator {
  constructor(
    private readonly ctx: Ctx,
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
      const account = this.internal.provision(customer.id, [cur], customer.kyc_status === 'APPROVED' ? 'ACTIVE' : 'PENDING')[0]!;
      const id = this.ctx.ids('Transaction');
      const reference = `U${id.slice(-10).replace(/-/g, '').toUpperCase()}`;
      const funds = incomingToAccount(account.id, cur, body.receivingCurrencyAmount, 'uma-inbound');
      const tx = this.transactions.create({
        id, type: 'INCOMING', status: 'PENDING', direction: 'CREDIT', kind: 'UMA_RECEIVE', customer_id: customer.id,
        platform_customer_id: customer.platform_customer_id, quote_id: null, sender_identifier: body.senderUmaAddress,
        receiver_identifier: customer.uma_address, reference, sending_currency: null, sent_amount: null, receiving_currency: cur,
        received_amount: body.receivingCurrencyAmount, fees: 0, scenario: 'UMA_RECEIVE:SUCCESS', funds: JSON.stringify(funds),
        data: {
          source: { sourceType: 'UMA_ADDRESS', umaAddress: body.senderUmaAddress, currency: cur },
          destination: { destinationType: 'ACCOUNT', accountId: account.id, currency: cur },
          receivedAmount: currencyAmount(body.receivingCurrencyAmount, cur), fees: 0, reconciliationInstructions: { reference },
        },
      }, 'SANDBOX_UMA_RECEIVED');
      this.runner.mover.place(funds, id, 'UMA_INBOUND');
      this.runner.start(id, QUOTE_SCENARIOS['SUCCESS']!);
      return tx;
    });
  }

  private byAddress(address: string): Receiver {
    const customer = this.ctx.db
      .prepare('SELECT id, platform_customer_id, kyc_status, uma_address FROM customers WHERE lower(uma_address) = lower(?) AND is_deleted = 0')
      .get(address) as Receiver | undefined;
    if (!customer) throw notFound('UMA_NOT_FOUND', `No customer of this platform has the UMA address ${address}`);
    return customer;
  }

  /** Upstream's alternative: the receiver named by id, its UMA address implied (and checked against one given too). */
  private byCustomerId(customerId: string, address: string | undefined): Receiver {
    const customer = findCustomer(this.ctx.db, customerId);
    if (!customer) throw notFound('USER_NOT_FOUND', `Customer ${customerId} not found`);
    if (customer.is_deleted) throw new ServiceError(410, 'CUSTOMER_DELETED', `Customer ${customerId} has been deleted and cannot receive payments`);
    if (!customer.uma_address) throw invalidInput('customerId', `customer ${customerId} has no UMA address to receive on`);
    if (address !== undefined && address.toLowerCase() !== customer.uma_address.toLowerCase()) {
      throw invalidInput('receiverUmaAddress', `${address} is not the UMA address of customer ${customerId} (${customer.uma_address}); send one of the two, or both agreeing`,
        [{ field: 'customerId', message: `names a customer whose UMA address is ${customer.uma_address}` }]);
    }
    return customer;
  }
}
