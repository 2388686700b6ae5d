import { mergeContracts } from './api/contract';
import { referenceContract } from './api/reference-routes';
import type { ContractOfAreas } from './area';
import { AREAS } from './areas';

/** The type of the whole contract (the renderer's client derives its paths, bodies and answers from it). */
export type ApiContract = typeof referenceContract & ContractOfAreas<typeof AREAS>;

/**
 * Every route of the API in one map, keyed by operation id, in the order the routes are served: the
 * API's own reference, then each area's routes in the order of core/areas.ts. The served OpenAPI
 * document, the test suites' response checks and the renderer's typed client all read this one declaration.
 */
export const apiContract = mergeContracts(referenceContract, ...AREAS.map((area) => area.contract)) as ApiContract;
