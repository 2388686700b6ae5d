import type { z } from 'zod';
import type { Ctx } from '../context';
import { invalidInput, notFound } from '../kernel/errors';
import { currencyAmount, findCurrency } from '../kernel/money';
import type { InternalAccountService } from '../accounts/internal-service';
import type { TransactionService } from '../transactions/service';
import type { Transaction } from '../transactions/schema';
import type { PaymentRunner } from '../payments/runner';
import { incomingToAccount } from '../payments/funds';
import { QUOTE_SCENARIOS } from './scenarios';
import type { umaReceiveSchema } from './schema';

/** Sandbox: an incoming UMA payment lands on the receiving customer's internal account in that currency. */
export class IncomingPaymentSimulator {
  constructor(
    private readonly ctx: Ctx,
    private readonly internal: InternalAccountService,
    private readonly transactions: TransactionService,
    private readonly runner: PaymentRunner,
  ) {}

  /** Creates the INCOMING transaction (PENDING, completing about 5 seconds later). */
  receive(body: z.infer<typeof umaReceiveSchema>): Transaction {
    const customer = this.ctx.db
      .prepare('SELECT id, platform_customer_id, kyc_status FROM customers WHERE lower(uma_address) = lower(?) AND is_deleted = 0')
      .get(body.receiverUmaAddress) as { id: string; platform_customer_id: string; kyc_status: string } | undefined;
    if (!customer) throw notFound('UMA_NOT_FOUND', `No customer of this platform has the UMA address ${body.receiverUmaAddress}`);
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
        receiver_identifier: body.receiverUmaAddress, reference, sending_currency: null, sent_amount: null, receiving_currency: cur,
        received_amount: body.receivingCurrencyAmount, fees: 0, scenario: 'UMA_RECEIVE:SUCCESS', funds: JSON.stringify(funds),
        data: JSON.stringify({
          source: { sourceType: 'UMA_ADDRESS', umaAddress: body.senderUmaAddress, currency: cur },
          destination: { destinationType: 'ACCOUNT', accountId: account.id, currency: cur },
          receivedAmount: currencyAmount(body.receivingCurrencyAmount, cur), fees: 0, reconciliationInstructions: { reference },
        }),
      }, 'SANDBOX_UMA_RECEIVED');
      this.runner.mover.place(funds, id, 'UMA_INBOUND');
      this.runner.start(id, QUOTE_SCENARIOS['SUCCESS']!);
      return tx;
    });
  }
}
