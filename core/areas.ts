// The one ordered list of the core's areas, and the only place an area is named. Each area says in
// its own folder (core/<area>/area.ts) what it contributes; core/index.ts serves their routes and
// builds their console handlers by walking this list, and the API contract (core/api-contract.ts)
// and the console handler types (core/console/handlers.ts) are derived from it.
import { platformArea } from './platform/area';
import { tokensArea } from './tokens/area';
import { accountsArea } from './accounts/area';
import { customersArea } from './customers/area';
import { ratesArea } from './rates/area';
import { quotesArea } from './quotes/area';
import { scaArea } from './sca/area';
import { receiversArea } from './receivers/area';
import { transactionsArea } from './transactions/area';
import { transfersArea } from './transfers/area';
import { invitationsArea } from './invitations/area';
import { documentsArea } from './documents/area';
import { bulkArea } from './bulk/area';
import { discoveriesArea } from './discoveries/area';
import { stablecoinsArea } from './stablecoins/area';
import { agentsArea } from './agents/area';
import { walletArea } from './wallet/area';
import { sandboxArea } from './sandbox/area';
import { webhooksArea } from './webhooks/area';
import { verificationsArea } from './verifications/area';
import { cardsArea } from './cards/area';
import { caseFileArea } from './case-file/area';
import { workspacesArea } from './workspaces/area';
import { faultsArea } from './faults/area';
import { consoleArea } from './console/area';
import { scenariosArea } from './scenarios/area';
import { composerArea } from './composer/area';

/**
 * Every area, in the order its routes are served (and listed in the OpenAPI document). Order
 * matters where two routes can take the same URL: the router tries routes in the order they are
 * added, so a literal path goes before a parameterised one that would take it.
 * - accounts before customers: `/customers/internal-accounts` and `/customers/external-accounts`
 *   before `/customers/{customerId}`;
 * - inside customers, the end-user terms first: `/customers/end-user-terms` before `/customers/{customerId}`;
 * - inside agents, `/agents/me` first, and `/agents/approvals` before `/agents/{agentId}`.
 * `test/core/route-order.test.ts` fails when any literal route comes after a parameterised one that takes it.
 */
export const AREAS = [
  platformArea,
  tokensArea,
  accountsArea,
  customersArea,
  ratesArea,
  quotesArea,
  scaArea,
  receiversArea,
  transactionsArea,
  transfersArea,
  invitationsArea,
  documentsArea,
  bulkArea,
  discoveriesArea,
  stablecoinsArea,
  agentsArea,
  walletArea,
  sandboxArea,
  webhooksArea,
  verificationsArea,
  cardsArea,
  caseFileArea,
  workspacesArea,
  faultsArea,
  consoleArea,
  scenariosArea,
  composerArea,
] as const;
