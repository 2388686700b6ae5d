import { defineStore } from 'pinia';
import type { HandlerOutput } from '../../core/index';
import type { LedgerEntry } from '../../core/ledger/repo';
import { invoke } from '../api/client';
import type { PageOf } from '../lib/pager';

/** An internal account with one page of its ledger. */
export type LedgerPage = HandlerOutput<'accounts/ledger'>;
export type { LedgerEntry };

/** Accounts: reading an internal account's ledger, page by page. */
export const useAccountsStore = defineStore('accounts', () => {
  /** One page of ledger entries of an account, newest first. */
  async function ledgerPage(accountId: string, cursor: string | undefined): Promise<PageOf<LedgerEntry>> {
    const page = await invoke('accounts/ledger', { accountId, limit: 20, cursor });
    return page.entries;
  }
  return { ledgerPage };
});
