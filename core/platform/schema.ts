import { z } from 'zod';
import { currencyCodes } from '../kernel/money';

const code = z.string().refine((c) => currencyCodes().includes(c), { message: 'is not a supported currency code' });

/** Counterparty data fields a platform can require on payments (upstream's field names, the contract's whole set). */
export const COUNTERPARTY_FIELDS = [
  'FULL_NAME', 'BIRTH_DATE', 'NATIONALITY', 'ADDRESS', 'EMAIL', 'PHONE_NUMBER', 'COUNTRY_OF_RESIDENCE', 'ACCOUNT_IDENTIFIER',
  'POSTAL_ADDRESS', 'TAX_ID', 'REGISTRATION_NUMBER', 'USER_TYPE', 'COMPANY_LEGAL_NAME', 'BUSINESS_TYPE', 'ID_TYPE', 'ID_NUMBER', 'IDENTIFIER',
  'PURPOSE_OF_PAYMENT', 'FI_LEGAL_ENTITY_NAME', 'FI_ADDRESS', 'ULTIMATE_INSTITUTION_COUNTRY',
] as const;

/** One counterparty field a platform asks for in a currency, and whether it is mandatory. */
export const counterpartyFieldSchema = z.object({
  name: z.enum(COUNTERPARTY_FIELDS),
  mandatory: z.boolean(),
}).strict().meta({ id: 'CounterpartyFieldDefinition' });

/** One currency the platform transacts in, with its per-transaction bounds in minor units. */
export const supportedCurrencySchema = z.object({
  currencyCode: code,
  minAmount: z.number().int().min(0),
  maxAmount: z.number().int().min(1),
  enabledTransactionTypes: z.array(z.enum(['INCOMING', 'OUTGOING'])).min(1),
  // Upstream requires the list (possibly empty); a PATCH that leaves it out keeps none.
  requiredCounterpartyFields: z.array(counterpartyFieldSchema).default([]),
}).strict().meta({ id: 'PlatformCurrencyConfig' });

/** The platform's fee schedule, applied on top of the sandbox rail fees in rates and quotes. */
export const platformFeesSchema = z.object({
  variableFeeRate: z.number().min(0).max(0.1),
  fixedFees: z.record(code, z.number().int().min(0)),
}).strict().meta({ id: 'PlatformFees' });

/** The WebAuthn relying party passkeys of this workspace are bound to. */
export const passkeyRelyingPartySchema = z.object({
  rpId: z.string().regex(/^[a-z0-9.-]+$/i, 'must be a host name such as localhost or payments.example'),
  origins: z.array(z.string().regex(/^((https?|app):\/\/[^\s/]+|file:\/\/)$/, 'must be an origin such as http://localhost:4100 (or file:// for the desktop app)')).min(1),
}).strict().meta({ id: 'PasskeyRelyingParty' });

/** `PATCH /config` body: any subset of the editable fields. */
export const configPatchSchema = z
  .object({
    name: z.string().min(1).max(120),
    umaDomain: z.string().regex(/^[a-z0-9.-]+\.[a-z]{2,}$/i, 'must be a domain name'),
    // null clears the endpoint (the response then leaves the field out, as upstream does).
    webhookEndpoint: z.url({ protocol: /^https?$/ }).nullable(),
    supportedCurrencies: z.array(supportedCurrencySchema).min(1),
    fees: platformFeesSchema,
    passkeys: passkeyRelyingPartySchema,
  })
  .partial()
  .strict();

/** The stored platform configuration (without id and timestamps). */
export type PlatformConfigData = Required<z.infer<typeof configPatchSchema>>;

/** `GET /config` response: a missing `webhookEndpoint` means no endpoint is set. */
export const platformConfigSchema = z.object({
  id: z.string(),
  name: z.string(),
  umaDomain: z.string(),
  webhookEndpoint: z.string().optional(),
  webhookPublicKey: z.string().optional().meta({ description: 'The P-256 public key (SPKI PEM) that verifies the X-Svc-Signature header of every webhook' }),
  supportedCurrencies: z.array(supportedCurrencySchema),
  fees: platformFeesSchema,
  passkeys: passkeyRelyingPartySchema,
  createdAt: z.string().meta({ format: 'date-time' }),
  updatedAt: z.string().meta({ format: 'date-time' }),
}).strict().meta({ id: 'PlatformConfig' });

/** `GET /config` response. */
export type PlatformConfig = z.infer<typeof platformConfigSchema>;
