import { z } from 'zod';
import { currencyCodes } from '../kernel/money';

const code = z.string().refine((c) => currencyCodes().includes(c), { message: 'is not a supported currency code' });

/** One currency the platform transacts in, with its per-transaction bounds in minor units. */
export const supportedCurrencySchema = z.object({
  currencyCode: code,
  minAmount: z.number().int().min(0),
  maxAmount: z.number().int().min(1),
  enabledTransactionTypes: z.array(z.enum(['INCOMING', 'OUTGOING'])).min(1),
});

/** The platform's fee schedule, applied on top of the sandbox rail fees in rates and quotes. */
export const platformFeesSchema = z.object({
  variableFeeRate: z.number().min(0).max(0.1),
  fixedFees: z.record(code, z.number().int().min(0)),
});

/** The WebAuthn relying party passkeys of this workspace are bound to. */
export const passkeyRelyingPartySchema = z.object({
  rpId: z.string().regex(/^[a-z0-9.-]+$/i, 'must be a host name such as localhost or payments.example'),
  origins: z.array(z.string().regex(/^((https?|app):\/\/[^\s/]+|file:\/\/)$/, 'must be an origin such as http://localhost:4100 (or file:// for the desktop app)')).min(1),
});

/** `PATCH /config` body: any subset of the editable fields. */
export const configPatchSchema = z
  .object({
    name: z.string().min(1).max(120),
    umaDomain: z.string().regex(/^[a-z0-9.-]+\.[a-z]{2,}$/i, 'must be a domain name'),
    webhookEndpoint: z.url({ protocol: /^https?$/ }).nullable(),
    supportedCurrencies: z.array(supportedCurrencySchema).min(1),
    fees: platformFeesSchema,
    passkeys: passkeyRelyingPartySchema,
  })
  .partial()
  .strict();

/** The stored platform configuration (without id and timestamps). */
export type PlatformConfigData = Required<z.infer<typeof configPatchSchema>>;

/** `GET /config` response. */
export interface PlatformConfig extends PlatformConfigData {
  id: string;
  createdAt: string;
  updatedAt: string;
}
