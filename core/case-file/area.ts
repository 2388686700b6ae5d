import { defineArea } from '../area';
import { caseFileContract, caseFileRoutes } from './routes';

/** A transaction's case file: its route. */
export const caseFileArea = defineArea({
  name: 'case-file',
  contract: caseFileContract,
  routes: ({ services: s, runtime }) => [caseFileRoutes(s, runtime.dbPath)],
});
