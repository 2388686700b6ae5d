import { defineStore } from 'pinia';
import { ref, shallowRef } from 'vue';
import type { HandlerInput, HandlerOutput } from '../../core/index';
import type { ApiBody } from '../../core/api-client-types';
import type { Customer } from '../../core/customers/schema';
import type { ExternalAccount } from '../../core/accounts/external-service';
import type { InternalAccount } from '../../core/accounts/internal-service';
import { api, invoke, onEvent, toConsoleError, type ConsoleError } from '../api/client';
import { createPager, type PageOf } from '../lib/pager';
import { verificationStatus } from '../lib/customer';

/** One customer with its internal and external accounts, as the drawer shows it. */
export type CustomerDetail = HandlerOutput<'customers/get'>;
/** The body of `POST /customers`. */
export type NewCustomerBody = ApiBody<'POST /customers'>;
/** The body of `POST /customers/external-accounts`. */
export type NewExternalAccountBody = ApiBody<'POST /customers/external-accounts'>;
/** Customer type filter values. */
export const CUSTOMER_TYPES = ['INDIVIDUAL', 'BUSINESS'] as const;
/** KYC/KYB status filter values. */
export const KYC_STATUSES = ['UNVERIFIED', 'PENDING', 'APPROVED', 'REJECTED', 'HOLD'] as const;

/** The list's filters, mirrored in the URL query. */
export interface CustomerFilters {
  /** A platform customer id (exact), an email (exact), or failing those any text the global search understands. */
  q?: string | undefined;
  customerType?: (typeof CUSTOMER_TYPES)[number] | undefined;
  kycStatus?: (typeof KYC_STATUSES)[number] | undefined;
}

export type { Customer, ExternalAccount, InternalAccount };

/** Customers: the filtered list, the open customer, and the API actions on them. */
export const useCustomersStore = defineStore('customers', () => {
  const filters = ref<CustomerFilters>({});
  /** How the current `q` matched: by an exact field, or through the global search (names, UMA, ids). */
  const matchedBy = ref<'exact' | 'search'>('exact');

  async function fetchPage(cursor: string | undefined): Promise<PageOf<Customer>> {
    const { q, customerType, kycStatus } = filters.value;
    const input: HandlerInput<'customers/list'> = { limit: 50, cursor, customerType, kycStatus };
    if (q) {
      if (q.includes('@')) input.email = q;
      else input.platformCustomerId = q;
    }
    const page = await invoke('customers/list', input);
    matchedBy.value = 'exact';
    if (!q || cursor || page.totalCount > 0) return page;
    // Nothing matched exactly: fall back to the global search so a name or an id still finds the customer.
    const hits = await invoke('search/query', { q, limit: 20 });
    const ids = [...new Set(hits.filter((h) => h.kind === 'CUSTOMER').map((h) => h.id))];
    const found = await Promise.all(ids.map((id) => invoke('customers/get', { id })));
    const data = found
      .map((d) => d.customer)
      .filter((c) => (!customerType || c.customerType === customerType) && (!kycStatus || verificationStatus(c) === kycStatus));
    matchedBy.value = 'search';
    return { data, hasMore: false, totalCount: data.length };
  }

  const list = createPager<Customer>(fetchPage, (c) => c.id);

  /** Applies filters and loads the first page. */
  function load(next: CustomerFilters): Promise<void> {
    filters.value = { ...next };
    return list.reload();
  }

  const detail = shallowRef<CustomerDetail | null>(null);
  const detailLoading = ref(false);
  const detailError = shallowRef<ConsoleError | null>(null);
  let detailFor = '';

  /** Loads one customer with its accounts into the drawer. */
  async function loadDetail(id: string): Promise<void> {
    detailFor = id;
    if (detail.value?.customer.id !== id) detail.value = null;
    detailLoading.value = true;
    detailError.value = null;
    try {
      const d = await invoke('customers/get', { id });
      if (detailFor === id) detail.value = d;
    } catch (err) {
      if (detailFor === id) detailError.value = toConsoleError(err);
    } finally {
      if (detailFor === id) detailLoading.value = false;
    }
  }

  /** Creates a customer through the API (`POST /customers`) and shows it in the list. */
  async function create(body: NewCustomerBody): Promise<Customer> {
    const customer = await api('POST /customers', { body });
    list.prepend([customer]);
    return customer;
  }

  /** Adds an external account through the API and refreshes the open customer. */
  async function addExternalAccount(body: NewExternalAccountBody): Promise<ExternalAccount> {
    const account = await api('POST /customers/external-accounts', { body });
    if (detail.value && body.customerId === detail.value.customer.id) {
      detail.value = { ...detail.value, externalAccounts: [account, ...detail.value.externalAccounts] };
    }
    return account;
  }

  /** Funds an internal account in the sandbox with an integer of minor units; returns the account with its new balance. */
  async function fund(accountId: string, amount: number): Promise<InternalAccount> {
    const account = await api('POST /sandbox/internal-accounts/{accountId}/fund', { params: { accountId }, body: { amount } });
    if (detail.value) {
      detail.value = { ...detail.value, internalAccounts: detail.value.internalAccounts.map((a) => (a.id === account.id ? account : a)) };
    }
    return account;
  }

  /** Up to `limit` customers for a form's picker, apart from the screen's filtered list. */
  function pickerList(limit = 100): Promise<PageOf<Customer>> {
    return invoke('customers/list', { limit });
  }

  /** One customer with its accounts, read for a form without opening it in the drawer. */
  function readDetail(id: string): Promise<CustomerDetail> {
    return invoke('customers/get', { id });
  }

  /** The open customer's latest transactions (newest first) with how many they have in all. */
  const recent = shallowRef<{ customerId: string; items: HandlerOutput<'transactions/search'>['data']; total: number } | null>(null);

  /** Loads the latest transactions of a customer for the drawer (the explorer's search by customer id). */
  async function loadRecent(customerId: string, limit = 10): Promise<void> {
    const page = await invoke('transactions/search', { q: customerId, limit });
    recent.value = { customerId, items: page.data, total: page.totalCount };
  }

  /** Reloads the open customer when an event touches it or one of its accounts; returns the unsubscribe. */
  function watchDetail(): () => void {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = onEvent((event) => {
      const d = detail.value;
      if (!d) return;
      const ids = new Set([d.customer.id, ...d.internalAccounts.map((a) => a.id), ...d.externalAccounts.map((a) => a.id)]);
      const payload = event.payload as { customerId?: unknown } | null;
      if (!ids.has(event.resourceId) && payload?.customerId !== d.customer.id) return;
      clearTimeout(timer);
      timer = setTimeout(() => void loadDetail(d.customer.id), 200);
    });
    return () => (clearTimeout(timer), stop());
  }

  return {
    filters, matchedBy, ...list, load,
    detail, detailLoading, detailError, loadDetail, readDetail, pickerList, watchDetail, create, addExternalAccount, fund, recent, loadRecent,
  };
});
