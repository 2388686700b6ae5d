import { defineStore } from 'pinia';
import { invoke, onEvent } from '../api/client';
import type { CustomerVerifications } from '../lib/verification-words';

/** A customer's verifications (KYC/KYB), beneficial owners and verified contacts, for the customer drawer. */
export const useVerificationsStore = defineStore('verifications', () => {
  /** A customer's verifications with their history, its beneficial owners and its verified contacts. */
  function ofCustomer(customerId: string): Promise<CustomerVerifications> {
    return invoke('verifications/customer', { customerId });
  }

  /**
   * Calls `run` when a verification, a beneficial owner or a document changes, or anything about the customer
   * `customerId()` names: they change on the workspace clock, not only by the console's own calls. Returns the unsubscribe.
   */
  function watchCustomer(customerId: () => string, run: () => void): () => void {
    return onEvent((e) => {
      if (e.type.startsWith('VERIFICATION.') || e.type.startsWith('BENEFICIAL_OWNER.') || e.type.startsWith('DOCUMENT.') || e.resourceId === customerId()) run();
    });
  }

  return { ofCustomer, watchCustomer };
});
