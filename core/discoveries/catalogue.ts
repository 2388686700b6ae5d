import { currency, type Currency } from '../kernel/money';
import { ratedCurrencies } from '../rates/table';
import { defaultRail, hasInstantRail } from '../payments/instructions';
import { SANDBOX_UMA_DOMAIN, UMA_RECIPIENTS } from '../payments/outcomes';

// The sandbox's catalogue of corridors, built from the rate table (every fiat currency with a rate has a
// corridor, no other) and the rails the payment instructions use, so that what discovery offers is
// exactly what quotes and transfers accept.

/** The country each fiat currency of the rate table pays out in (its main market). */
const COUNTRY_OF: Record<string, string> = {
  USD: 'US', EUR: 'FR', GBP: 'GB', MXN: 'MX', BRL: 'BR', INR: 'IN', CAD: 'CA', DKK: 'DK', NGN: 'NG', HKD: 'HK', IDR: 'ID',
  MYR: 'MY', PHP: 'PH', SGD: 'SG', THB: 'TH', VND: 'VN', AED: 'AE', KES: 'KE', MWK: 'MW', RWF: 'RW', TZS: 'TZ', UGX: 'UG',
  XOF: 'SN', ZAR: 'ZA', ZMW: 'ZM', BWP: 'BW', XAF: 'CM', BDT: 'BD', ARS: 'AR', COP: 'CO', EGP: 'EG', GHS: 'GH', GTQ: 'GT',
  HTG: 'HT', JMD: 'JM', PKR: 'PK', CNY: 'CN', JPY: 'JP',
};
const CRYPTO = new Set(['BTC', 'USDC', 'USDT']);

/** One receiving institution of a corridor (upstream's discovery item). */
export interface Institution {
  bankName: string;
  displayName: string;
  country: string;
  currency: string;
}

/** One corridor: a fiat currency, its country and the rail it settles on. */
export interface Corridor {
  currency: string;
  country: string;
  rail: string;
  instant: boolean;
}

/** Every corridor the sandbox pays out in, in currency order. */
export function corridors(): Corridor[] {
  return ratedCurrencies().filter((c) => !CRYPTO.has(c) && COUNTRY_OF[c]).sort()
    .map((c) => ({ currency: c, country: COUNTRY_OF[c]!, rail: defaultRail(c), instant: hasInstantRail(c) }));
}

/** The receiving institutions of every corridor: a bank everywhere, a mobile-money operator where that is the rail. */
export function institutions(): Institution[] {
  return corridors().flatMap((k) => {
    const bank: Institution = { bankName: `SANDBOX_BANK_${k.country}`, displayName: `Sandbox Bank ${k.country}`, country: k.country, currency: k.currency };
    return k.rail === 'MOBILE_MONEY'
      ? [bank, { bankName: `SANDBOX_MOBILE_${k.country}`, displayName: `Sandbox Mobile Money ${k.country}`, country: k.country, currency: k.currency }]
      : [bank];
  });
}

/** A UMA provider of the sandbox (upstream's AvailableUmaProvider). */
export interface UmaProvider {
  name: string;
  domain: string;
  supportedRegions: string[];
  supportedCurrencies: Currency[];
  allowListStatus: boolean;
}

/** The sandbox counterparty (whose recipients are the scenario table's) and one provider per corridor region group. */
export function umaProviders(): UmaProvider[] {
  const sandboxCurrencies = [...new Set(Object.values(UMA_RECIPIENTS).map((r) => r.currency))].sort();
  const sandbox: UmaProvider = {
    name: 'Sandbox UMA counterparty', domain: SANDBOX_UMA_DOMAIN, allowListStatus: true,
    supportedRegions: sandboxCurrencies.map((c) => COUNTRY_OF[c]!).filter(Boolean), supportedCurrencies: sandboxCurrencies.map(currency),
  };
  const regional = corridors().map((k): UmaProvider => ({
    name: `Sandbox Wallet ${k.country}`, domain: `${k.country.toLowerCase()}.wallet.sandbox.example`, allowListStatus: k.instant,
    supportedRegions: [k.country], supportedCurrencies: [currency(k.currency)],
  }));
  return [sandbox, ...regional];
}

/** A virtual asset service provider the sandbox can pay crypto to: upstream's `vaspName` and `url`, plus what the sandbox knows of it. */
export interface Vasp {
  vaspName: string;
  url: string;
  name: string;
  domain: string;
  supportedCurrencies: Currency[];
  networks: string[];
}

/** The sandbox's VASPs: one per stablecoin family and one for bitcoin, on the networks payment instructions support. */
export function vasps(): Vasp[] {
  return [
    { vaspName: 'Sandbox Stablecoin Exchange', url: 'https://exchange.vasp.sandbox.example', name: 'Sandbox Stablecoin Exchange', domain: 'exchange.vasp.sandbox.example', supportedCurrencies: [currency('USDC'), currency('USDT')], networks: ['SOLANA', 'ETHEREUM', 'BASE', 'POLYGON', 'TRON'] },
    { vaspName: 'Sandbox Bitcoin Custodian', url: 'https://custody.vasp.sandbox.example', name: 'Sandbox Bitcoin Custodian', domain: 'custody.vasp.sandbox.example', supportedCurrencies: [currency('BTC')], networks: ['BITCOIN', 'LIGHTNING', 'SPARK'] },
  ];
}
