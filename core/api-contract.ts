import { mergeContracts } from './api/contract';
import { referenceContract } from './api/reference-routes';
import { platformContract } from './platform/routes';
import { tokenContract } from './tokens/routes';

/**
 * Every route of the API in one map, keyed by operation id. The served OpenAPI document, the test
 * suites' response checks and the renderer's typed client all read this one declaration.
 */
export const apiContract = mergeContracts(
  referenceContract,
  platformContract,
  tokenContract,
);

/** The type of the whole contract (the renderer's client derives its paths, bodies and answers from it). */
export type ApiContract = typeof apiContract;
