import { z } from 'zod';
import { defineRoute, idParam, implement } from '../api/contract';
import { unloggedResponse } from '../api/known-body';
import type { Services } from '../services';
import { buildCaseFile } from './build';
import { caseFileName } from './file-name';

/** The case file route (ours alone: api/extensions.ts marks it in the OpenAPI document). */
export const caseFileContract = {
  getTransactionCaseFile: defineRoute({
    method: 'get', path: '/sandbox/transactions/{transactionId}/case', tag: 'Sandbox', permission: 'VIEW',
    summary: 'A case file of one transaction: one self-contained HTML page to save, print or send (text/html; a sandbox extension)',
    description: 'For support staff: the story in sentences, the parties, amounts, fees and rate, the timeline with what caused each change, '
      + 'the ledger postings with balances before and after, a diagram of the money’s path, webhook deliveries and the API calls that touched it. '
      + 'Works for incoming, outgoing, transfer, agent-initiated and card transactions. It loads nothing from elsewhere and holds no credential, '
      + 'signature, one-time code or card number. The request log keeps a note in place of the page.',
    params: z.object({ transactionId: idParam('A transaction or card transaction id', 'Transaction:019a4b7e-8c1d-7e2f-9a3b-4c5d6e7f8a9b') }),
    responses: { 200: { description: 'The case file (text/html)' } },
    errors: { 404: 'TRANSACTION_NOT_FOUND: no such transaction or card transaction' },
  }),
};

/** Serves the case file over the workspace's services; `dbPath` names the workspace when it has no name of its own. */
export function caseFileRoutes(s: Services, dbPath: string) {
  return implement(caseFileContract, {
    getTransactionCaseFile: ({ params }) => {
      const html = buildCaseFile(s, dbPath, params.transactionId);
      return unloggedResponse(html, {
        status: 200,
        headers: {
          'content-type': 'text/html; charset=utf-8',
          'content-disposition': `inline; filename="${caseFileName(params.transactionId, 'html')}"`,
          // The page needs nothing from anywhere: no script, no fetch, only its inline styles.
          'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; img-src data:",
          'cache-control': 'no-store',
          'referrer-policy': 'no-referrer',
        },
      }, `(case file of ${params.transactionId}: ${html.length} characters, not logged)`) as never;
    },
  });
}
