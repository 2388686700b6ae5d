// The upstream contract, operation by operation: accounts, receivers, quotes, transactions, transfers,
// sandbox payments, tokens, invitations, catalogues and stablecoins.
import { runRows } from './run-rows';
import { moneyRows } from './rows/money';

runRows('the upstream contract: accounts, money movement, tokens, invitations, stablecoins', moneyRows);
