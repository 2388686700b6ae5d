import type { Stablecoin, StablecoinOperation } from '../../core/stablecoins/schema';
import { formatMinor } from './money';

/** A mint or burn's status in words (the API's name stays in the tag's tooltip). */
export const OPERATION_STATUS_WORDS: Record<StablecoinOperation['status'], string> = {
  CREATED: 'Created', PENDING_FUNDING: 'Waiting for funds', PENDING_PROVIDER: 'With the provider', PROCESSING: 'Processing',
  COMPLETED: 'Completed', FAILED: 'Failed', EXPIRED: 'Expired',
};
/** A coin's issuance status in words. */
export const ISSUANCE_WORDS: Record<Stablecoin['issuanceStatus'], string> = {
  PENDING_REVIEW: 'In review', PROVISIONING: 'Being set up', PROVISIONED: 'Issued', REJECTED: 'Rejected', FAILED: 'Failed',
};
/** Whether the coin can be minted and burned here, in words. */
export const OPERATIONS_WORDS: Record<Stablecoin['svcOperationsStatus'], string> = {
  NOT_ENABLED: 'Minting not enabled', PENDING_APPROVAL: 'Minting awaiting approval', ENABLING: 'Minting being enabled', ENABLED: 'Can mint and burn', DISABLED: 'Minting disabled',
};
/** Payout rails in words. */
export const RAIL_WORDS: Record<NonNullable<NonNullable<StablecoinOperation['destination']>['rail']>, string> = {
  ACH_CREDIT: 'ACH', SAME_DAY_ACH_CREDIT: 'Same-day ACH', WIRE: 'Wire', RTP_CREDIT: 'Real-time payment',
};
/** Why an operation failed, in words. */
const FAILURE_WORDS: Record<string, string> = { PROVIDER_TRANSFER_FAILED: 'The bank transfer failed at the provider' };

/** A label that follows other words ("Held for the platform’s account"). */
export const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

/** Names of networks and tokens as people say them. */
export const networkWords = (n: string) => n.charAt(0) + n.slice(1).toLowerCase();

/** The coin's smallest units as an amount with its symbol ("25.000000 ACME"). */
export function coinAmount(amount: string | number, coin: Pick<Stablecoin, 'symbol' | 'decimals'>): string {
  return formatMinor(Number(amount), { code: coin.symbol, decimals: coin.decimals });
}

/** Names an account id for people (a label the screen knows, or a plain fallback without the raw id). */
export type AccountNamer = (id: string) => string;

/** Where an operation's money or coins come from, in words. */
export function sourceWords(o: StablecoinOperation, name: AccountNamer): string {
  const s = o.source;
  if (!s) return o.address ? 'An outside wallet' : '—';
  switch (s.type) {
    case 'WIRE': return 'Wire transfer';
    case 'ACH_DEBIT': return `ACH debit from ${lowerFirst(name(s.externalAccountId ?? ''))}`;
    case 'SAME_DAY_ACH_DEBIT': return `Same-day ACH debit from ${lowerFirst(name(s.externalAccountId ?? ''))}`;
    case 'SVC_INTERNAL_ACCOUNT': return o.operationType === 'MINT' ? name(s.accountId ?? '') : `Coins held for ${lowerFirst(name(s.accountId ?? ''))}`;
    case 'PROVIDER_INTERNAL_BALANCE': return s.sourceTokenIdentifier ? `Provider balance in ${s.sourceTokenIdentifier} on ${networkWords(s.cryptoNetwork ?? '')}` : 'Provider balance';
    case 'EXTERNAL_ACCOUNT': return s.externalAccountId ? name(s.externalAccountId) : 'An outside wallet';
  }
}

/** Where an operation's coins or payout go, in words. */
export function destinationWords(o: StablecoinOperation, name: AccountNamer): string {
  const d = o.destination;
  if (!d) return o.address ? `Wallet ${o.address}` : '—';
  if (o.operationType === 'MINT') return d.accountId.startsWith('InternalAccount:') ? `Held for ${lowerFirst(name(d.accountId))}` : name(d.accountId);
  return `${name(d.accountId)}${d.rail ? ` by ${RAIL_WORDS[d.rail]}` : ''}`;
}

/** What a support person should know next about an operation: what to send where, when the payout arrives, or why it failed. */
export function nextStepWords(o: StablecoinOperation, coin: Pick<Stablecoin, 'symbol' | 'decimals' | 'baseCurrency'>): string {
  const f = o.fundingInstructions;
  if (o.status === 'PENDING_FUNDING' && f) {
    if (f['rail'] === 'WIRE') return `Wire ${formatMinor(Number(f['amount'] ?? 0), { code: coin.baseCurrency, decimals: 2 })} to account ${f['accountNumber']} (routing ${f['routingNumber']}), reference ${f['reference']}`;
    return `Send ${coinAmount(o.amount, coin)} to the deposit address ${f['address']}`;
  }
  if (o.status === 'FAILED') return FAILURE_WORDS[o.failureReason ?? ''] ?? 'The provider could not complete it';
  const e = o.estimatedDelivery;
  if (e && o.operationType === 'BURN') return `${formatMinor(Number(e.amount), { code: e.currency, decimals: 2 })} paid out, ${o.status === 'COMPLETED' ? 'arriving' : 'expected'} ${e.timing}`;
  return '';
}
