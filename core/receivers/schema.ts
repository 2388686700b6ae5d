import { z } from 'zod';
import { currencySchema } from '../payments/schema';

/** `GET /receiver/uma/{receiverUmaAddress}` and `GET /receiver/external-account/{accountId}` query. */
export const lookupQuery = z.object({
  senderCurrency: z.string().min(3).max(5).optional()
    .meta({ description: 'The currency the payer will send, for the estimated rates (default USD)', example: 'USD' }),
  customerId: z.string().optional().meta({ description: 'The customer on whose behalf the lookup is made' }),
  senderUmaAddress: z.string().optional().meta({ description: "The payer's UMA address, when paying from one" }),
});

/** A currency the receiver accepts, with an indicative rate and the bounds of one payment. */
export const receiverCurrencySchema = z.object({
  currency: currencySchema,
  estimatedExchangeRate: z.number().positive().meta({ description: 'Sending currency units per one unit of this currency (indicative; the quote locks the rate)' }),
  min: z.number().int().meta({ description: 'Smallest payment, in the smallest unit of this currency' }),
  max: z.number().int().meta({ description: 'Largest payment, in the smallest unit of this currency' }),
}).strict().meta({ id: 'ReceiverCurrency' });

/** A piece of payer data the receiver asks for; mandatory ones go in the quote's `senderCustomerInfo`. */
export const payerDataFieldSchema = z.object({
  name: z.string().meta({ description: 'FULL_NAME, BIRTH_DATE, NATIONALITY, PHONE_NUMBER, EMAIL, POSTAL_ADDRESS, TAX_ID, ...', example: 'FULL_NAME' }),
  mandatory: z.boolean(),
}).strict().meta({ id: 'PayerDataField' });

const lookupFields = {
  lookupId: z.string().meta({ description: 'Pass as `lookupId` when creating the quote (valid 15 minutes)', example: 'Lookup:019a4b7e-8c1d-7e2f-9a3b-4c5d6e7f8a9b' }),
  supportedCurrencies: z.array(receiverCurrencySchema),
  requiredPayerDataFields: z.array(payerDataFieldSchema),
};

/** What a UMA address lookup learns about the receiver. */
export const umaLookupSchema = z.object({
  ...lookupFields,
  receiverUmaAddress: z.string().meta({ example: '$success.mxn@sandbox.uma.example' }),
}).strict().meta({ id: 'UmaLookupResult', description: 'The receiver behind a UMA address: its currencies and the payer data it needs' });

/** What an external account lookup learns about the receiver. */
export const accountLookupSchema = z.object({
  ...lookupFields,
  accountId: z.string().meta({ example: 'ExternalAccount:019a4b7e-8c1d-7e2f-9a3b-4c5d6e7f8a9b' }),
}).strict().meta({ id: 'ExternalAccountLookupResult', description: 'An external account as a payout destination: its currency and the payer data it needs' });

/** A UMA address lookup's answer. */
export type UmaLookup = z.infer<typeof umaLookupSchema>;
/** An external account lookup's answer. */
export type AccountLookup = z.infer<typeof accountLookupSchema>;
/** Either lookup's answer. */
export type LookupResult = UmaLookup | AccountLookup;
/** A field the receiver needs from the payer. */
export type PayerDataField = z.infer<typeof payerDataFieldSchema>;
