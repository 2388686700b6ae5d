import { sql as kernel } from './001-kernel';
import { sql as platformAccounts } from './002-platform-accounts';
import { sql as moneyPath } from './003-money-path';
import { sql as walletAuth } from './004-wallet-auth';
import { sql as transactionSearch } from './005-transaction-search';
import { sql as requestLogList } from './006-request-log-list';
import { sql as idempotencyOwner } from './011-idempotency-owner';
import { sql as usedRegistrationChallenges } from './012-used-registration-challenges';

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
  { version: 11, name: 'idempotency-owner', sql: idempotencyOwner },
  { version: 12, name: 'used-registration-challenges', sql: usedRegistrationChallenges },
];
