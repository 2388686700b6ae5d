// The upstream contract, operation by operation: embedded wallets (credentials, sessions, delegated keys).
import { runRows } from './run-rows';
import { prepareWallet, walletRows } from './rows/wallet';

runRows('the upstream contract: embedded wallets', walletRows, prepareWallet);
