// The upstream contract, operation by operation: agents (management and the agent's own routes).
import { runRows } from './run-rows';
import { agentRows, prepareAgents } from './rows/agents';

runRows('the upstream contract: agents', agentRows, prepareAgents);
