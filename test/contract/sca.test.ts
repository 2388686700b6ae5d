// The upstream contract, operation by operation: Strong Customer Authentication.
import { runRows } from './run-rows';
import { prepareSca, scaRows } from './rows/sca';

runRows('the upstream contract: strong customer authentication', scaRows, prepareSca);
