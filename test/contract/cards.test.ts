// The upstream contract, operation by operation: cards and the sandbox's card network simulations.
import { runRows } from './run-rows';
import { cardRows } from './rows/cards';

runRows('the upstream contract: cards', cardRows);
