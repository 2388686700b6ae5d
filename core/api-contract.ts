import { mergeContracts } from './api/contract';
import { referenceContract } from './api/reference-routes';
import { platformContract } from './platform/routes';
import { tokenContract } from './tokens/routes';
import { customerContract } from './customers/routes';
import { endUserTermsContract } from './customers/end-user-terms';
import { accountContract } from './accounts/routes';
import { receiverContract } from './receivers/routes';
import { rateContract } from './rates/routes';
import { walletContract } from './wallet/routes';
import { quoteContract } from './quotes/routes';
import { transactionContract } from './transactions/routes';
import { transferContract } from './transfers/routes';
import { invitationContract } from './invitations/routes';
import { documentContract } from './documents/routes';
import { bulkContract } from './bulk/routes';
import { discoveryContract } from './discoveries/routes';
import { stablecoinContract } from './stablecoins/routes';
import { delegatedKeyContract } from './wallet/delegated-key-routes';
import { sandboxContract } from './sandbox/routes';
import { webhookContract } from './webhooks/routes';
import { verificationContract } from './verifications/routes';
import { cardContract } from './cards/routes';
import { caseFileContract } from './case-file/routes';
import { agentContract } from './agents/routes';
import { agentMeContract } from './agents/me-routes';
import { workspaceContract } from './workspaces/routes';
import { faultRuleContract } from './faults/routes';
import { requestLogHarContract } from './workspaces/request-log-har-route';
import { scaContract } from './sca/routes';

/**
 * Every route of the API in one map, keyed by operation id. The served OpenAPI document, the test
 * suites' response checks and the renderer's typed client all read this one declaration.
 */
export const apiContract = mergeContracts(
  referenceContract,
  platformContract,
  tokenContract,
  accountContract,
  endUserTermsContract,
  customerContract,
  receiverContract,
  rateContract,
  walletContract,
  quoteContract,
  transactionContract,
  transferContract,
  invitationContract,
  documentContract,
  bulkContract,
  discoveryContract,
  stablecoinContract,
  delegatedKeyContract,
  sandboxContract,
  webhookContract,
  verificationContract,
  cardContract,
  caseFileContract,

  agentMeContract,
  agentContract,
  workspaceContract,
  faultRuleContract,
  requestLogHarContract,
  scaContract,
);

/** The type of the whole contract (the renderer's client derives its paths, bodies and answers from it). */
export type ApiContract = typeof apiContract;
