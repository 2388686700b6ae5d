import { sql as kernel } from './001-kernel';
import { sql as platformAccounts } from './002-platform-accounts';
import { sql as moneyPath } from './003-money-path';
import { sql as walletAuth } from './004-wallet-auth';
import { sql as transactionSearch } from './005-transaction-search';
import { sql as requestLogList } from './006-request-log-list';
import { sql as agents } from './007-agents';
import { sql as webhooksVerifications } from './009-webhooks-verifications';
import { sql as cards } from './008-cards';
import { sql as idempotencyOwner } from './011-idempotency-owner';
import { sql as usedRegistrationChallenges } from './012-used-registration-challenges';
import { sql as scenarios } from './013-scenarios';
import { sql as invitations } from './014-invitations';
import { sql as documents } from './015-documents';
import { sql as bulkCustomerJobs } from './016-bulk-customer-jobs';
import { sql as stablecoins } from './017-stablecoins';
import { sql as delegatedKeys } from './018-delegated-keys';
import { sql as listIndexes } from './019-list-indexes';
import { sql as documentVerifications } from './020-document-verifications';
import { sql as idempotencyProgress } from './022-idempotency-progress';
import { sql as transactionCounts } from './023-transaction-counts';
import { sql as sca } from './024-sca';
import { sql as cardCreditsAndReveal } from './025-card-credits-and-reveal';
import { sql as delegatedKeysForCards } from './026-delegated-keys-for-cards';
import { sql as searchNamesAndTails } from './029-search-names-and-tails';
import { sql as searchAmountCover } from './038-search-amount-cover';
import { sql as ownershipBySignature } from './030-ownership-by-signature';
import { sql as wallClockTimes } from './032-wall-clock-times';
import { sql as stablecoinContractShapes } from './033-stablecoin-contract-shapes';
import { sql as scenarioRuns } from './034-scenario-runs';
import { sql as transactionsAwaitAuthorization } from './035-transactions-await-authorization';
import { sql as savedRequests } from './036-saved-requests';
import { sql as faultRulesAndCallLinks } from './039-fault-rules-and-call-links';

/** One forward-only migration; `version` is its number, applied in ascending order, never edited once released. */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/** Every migration the code knows, in order. Append only. */
export const MIGRATIONS: readonly Migration[] = [
  { version: 1, name: 'kernel', sql: kernel },
  { version: 2, name: 'platform-accounts', sql: platformAccounts },
  { version: 3, name: 'money-path', sql: moneyPath },
  { version: 4, name: 'wallet-auth', sql: walletAuth },
  { version: 5, name: 'transaction-search', sql: transactionSearch },
  { version: 6, name: 'request-log-list', sql: requestLogList },
  { version: 7, name: 'agents', sql: agents },
  { version: 8, name: 'cards', sql: cards },
  { version: 9, name: 'webhooks-verifications', sql: webhooksVerifications },
  { version: 11, name: 'idempotency-owner', sql: idempotencyOwner },
  { version: 12, name: 'used-registration-challenges', sql: usedRegistrationChallenges },
  { version: 13, name: 'scenarios', sql: scenarios },
  { version: 14, name: 'invitations', sql: invitations },
  { version: 15, name: 'documents', sql: documents },
  { version: 16, name: 'bulk-customer-jobs', sql: bulkCustomerJobs },
  { version: 17, name: 'stablecoins', sql: stablecoins },
  { version: 18, name: 'delegated-keys', sql: delegatedKeys },
  { version: 19, name: 'list-indexes', sql: listIndexes },
  { version: 20, name: 'document-verifications', sql: documentVerifications },
  { version: 22, name: 'idempotency-progress', sql: idempotencyProgress },
  { version: 23, name: 'transaction-counts', sql: transactionCounts },
  { version: 24, name: 'sca', sql: sca },
  { version: 25, name: 'card-credits-and-reveal', sql: cardCreditsAndReveal },
  { version: 26, name: 'delegated-keys-for-cards', sql: delegatedKeysForCards },
  { version: 29, name: 'search-names-and-tails', sql: searchNamesAndTails },
  { version: 30, name: 'ownership-by-signature', sql: ownershipBySignature },
  { version: 32, name: 'wall-clock-times', sql: wallClockTimes },
  { version: 33, name: 'stablecoin-contract-shapes', sql: stablecoinContractShapes },
  { version: 34, name: 'scenario-runs', sql: scenarioRuns },
  { version: 35, name: 'transactions-await-authorization', sql: transactionsAwaitAuthorization },
  { version: 36, name: 'saved-requests', sql: savedRequests },
  { version: 38, name: 'search-amount-cover', sql: searchAmountCover },
  { version: 39, name: 'fault-rules-and-call-links', sql: faultRulesAndCallLinks },
];
