import { createRouter, createWebHashHistory, type RouteRecordRaw, type Router, type RouterHistory } from 'vue-router';
// Each screen is its own chunk, loaded when first opened: the console starts with the frame only.
const OverviewView = () => import('./views/OverviewView.vue');
const CustomersView = () => import('./views/CustomersView.vue');
const CustomerDetail = () => import('./components/customers/CustomerDetail.vue');
const RequestLogView = () => import('./views/RequestLogView.vue');
const RequestLogEntry = () => import('./components/request-log/RequestLogEntry.vue');
const EventsView = () => import('./views/EventsView.vue');
const TransactionsView = () => import('./views/TransactionsView.vue');
const TransactionDetail = () => import('./components/transactions/TransactionDetail.vue');
const QuotesView = () => import('./views/QuotesView.vue');
const ApiView = () => import('./views/ApiView.vue');
const ApiReferenceView = () => import('./views/ApiReferenceView.vue');
const OperationDetail = () => import('./components/api-reference/OperationDetail.vue');
const WalletAuthView = () => import('./views/WalletAuthView.vue');
const NotBuiltView = () => import('./views/NotBuiltView.vue');

/** A screen that is planned but not built yet: its title and what it will hold. */
interface PlannedScreen {
  name: string;
  path: string;
  title: string;
  description: string;
}

/** Screens the navigation already lists, with what they will show. */
export const PLANNED_SCREENS: PlannedScreen[] = [
  { name: 'transfers', path: '/transfers', title: 'Transfers', description: "Transfers between a customer's internal accounts and out to external accounts, with the ledger entries each one wrote." },
  { name: 'agents', path: '/agents', title: 'Agents', description: 'Agents with their spending policies, daily and monthly usage, access tokens and history.' },
  { name: 'cards', path: '/cards', title: 'Cards', description: 'Issued cards, their card transactions, and the reconciliation of each against the ledger drawn on a timeline.' },
  { name: 'scenarios', path: '/scenarios', title: 'Scenarios', description: 'A catalogue of sandbox scenarios (returned payment, delayed settlement, failed payout) to run and watch step by step, advancing the clock instead of waiting.' },
  { name: 'webhooks', path: '/webhooks', title: 'Webhooks', description: 'The webhook endpoint and every delivery with its attempts, responses and retries, and a way to resend one.' },
  { name: 'workspaces', path: '/workspaces', title: 'Workspaces', description: 'Switch, snapshot, export, import and reset workspaces; each workspace is one SQLite file.' },
];

/** Every route of the console; details open as child routes rendered in a drawer. */
export const routes: RouteRecordRaw[] = [
  { path: '/', redirect: { name: 'overview' } },
  { path: '/overview', name: 'overview', component: OverviewView, meta: { title: 'Overview' } },
  {
    path: '/customers', name: 'customers', component: CustomersView, meta: { title: 'Customers and accounts' },
    children: [{ path: ':id', name: 'customer', component: CustomerDetail, meta: { title: 'Customer' } }],
  },
  {
    path: '/request-log', name: 'request-log', component: RequestLogView, meta: { title: 'Request log' },
    children: [{ path: ':id', name: 'request-log-entry', component: RequestLogEntry, meta: { title: 'API call' } }],
  },
  {
    path: '/transactions', name: 'transactions', component: TransactionsView, meta: { title: 'Transactions' },
    children: [{ path: ':id', name: 'transaction', component: TransactionDetail, meta: { title: 'Transaction' } }],
  },
  { path: '/quotes', name: 'quotes', component: QuotesView, meta: { title: 'Quotes' } },
  { path: '/wallet-auth', name: 'wallet-auth', component: WalletAuthView, meta: { title: 'Wallet auth' } },
  { path: '/events', name: 'events', component: EventsView, meta: { title: 'Events' } },
  {
    path: '/api', name: 'api', component: ApiView, meta: { title: 'API and credentials' },
    children: [{
      path: 'reference', name: 'api-reference', component: ApiReferenceView, meta: { title: 'API reference' },
      children: [{ path: ':operationId', name: 'api-operation', component: OperationDetail, meta: { title: 'API reference' } }],
    }],
  },
  ...PLANNED_SCREENS.map((s): RouteRecordRaw => ({
    path: s.path, name: s.name, component: NotBuiltView, props: { title: s.title, description: s.description }, meta: { title: s.title },
  })),
  { path: '/:pathMatch(.*)*', redirect: { name: 'overview' } },
];

/** Loads every screen's chunk (each lazy route component); resolves once all are in. */
export function loadAllScreens(records: readonly RouteRecordRaw[] = routes): Promise<unknown> {
  const loaders = new Set<() => unknown>();
  const visit = (list: readonly RouteRecordRaw[]) => {
    for (const r of list) {
      if (typeof r.component === 'function') loaders.add(r.component as () => unknown);
      if (r.children) visit(r.children);
    }
  };
  visit(records);
  return Promise.all([...loaders].map((load) => load()));
}

/** Creates the router over a hash history (the console is loaded from file:// and from /console/). */
export function createConsoleRouter(history: RouterHistory = createWebHashHistory()): Router {
  const router = createRouter({ history, routes });
  // A screen's chunk can be gone when the console was rebuilt under a running `serve` (hashed file names):
  // load the new build at the wanted screen rather than stay on a blank one, once per screen and tab.
  router.onError((err: unknown, to) => {
    if (!/dynamically imported module|module script failed/i.test(err instanceof Error ? err.message : String(err))) return;
    const key = `consoleReloaded:${to.fullPath}`;
    if (globalThis.sessionStorage?.getItem(key)) return;
    globalThis.sessionStorage?.setItem(key, '1');
    window.location.hash = `#${to.fullPath}`;
    window.location.reload();
  });
  router.afterEach((to) => {
    const title = typeof to.meta['title'] === 'string' ? to.meta['title'] : '';
    document.title = title ? `${title} · Payments Console` : 'Payments Console';
  });
  return router;
}
