import { defineStore } from 'pinia';
import { ref } from 'vue';
import { apiExchange, canSaveCaseFiles, requestOf, responseError, saveCaseFileToDisk } from '../api/client';
import { caseFileName, downloadText } from '../lib/download';

/** How a case file was handed over, for the confirmation the screen shows. */
export type CaseFileOutcome = { kind: 'downloaded'; fileName: string } | { kind: 'saved'; path: string } | { kind: 'cancelled' };

/**
 * A transaction's case file (GET /sandbox/transactions/{id}/case): the desktop app saves it through a
 * native dialog, as HTML or printed to PDF; the browser console downloads the HTML.
 */
export const useCaseFileStore = defineStore('case-file', () => {
  /** The transaction whose file is being made, so its button can show progress. */
  const busy = ref<string | null>(null);
  /** Whether this console can save through a dialog and print to PDF (the desktop app). */
  const desktop = canSaveCaseFiles();

  /** Makes and hands over the case file; throws a ConsoleError when the API refuses (unknown transaction). */
  async function save(transactionId: string, format: 'html' | 'pdf' = 'html'): Promise<CaseFileOutcome> {
    busy.value = transactionId;
    try {
      if (desktop) {
        const r = await saveCaseFileToDisk(transactionId, format);
        return r.saved && r.path ? { kind: 'saved', path: r.path } : { kind: 'cancelled' };
      }
      const res = await apiExchange(requestOf('GET /sandbox/transactions/{transactionId}/case', { params: { transactionId } }));
      if (res.status >= 400) throw responseError(res);
      const fileName = caseFileName(transactionId, 'html');
      downloadText(String(res.body), fileName, 'text/html');
      return { kind: 'downloaded', fileName };
    } finally {
      busy.value = null;
    }
  }

  return { busy, desktop, save };
});
