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
const TransfersView = () => import('./views/TransfersView.vue');
const InvitationsView = () => import('./views/InvitationsView.vue');
const StablecoinsView = () => import('./views/StablecoinsView.vue');
const ApiView = () => import('./views/ApiView.vue');
const ApiReferenceView = () => import('./views/ApiReferenceView.vue');
const OperationDetail = () => import('./components/api-reference/OperationDetail.vue');
const WalletAuthView = () => import('./views/WalletAuthView.vue');
const WorkspacesView = () => import('./views/WorkspacesView.vue');
const WebhooksView = () => import('./views/WebhooksView.vue');
const WebhookDelivery = () => import('./components/webhooks/WebhookDelivery.vue');
const CardsView = () => import('./views/CardsView.vue');
const AgentsView = () => import('./views/AgentsView.vue');
const ScenariosView = () => import('./views/ScenariosView.vue');
const ComposerView = () => import('./views/ComposerView.vue');

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
  { path: '/transfers', name: 'transfers', component: TransfersView, meta: { title: 'Transfers' } },
  { path: '/invitations', name: 'invitations', component: InvitationsView, meta: { title: 'Invitations' } },
  { path: '/stablecoins', name: 'stablecoins', component: StablecoinsView, meta: { title: 'Stablecoins' } },
  { path: '/wallet-auth', name: 'wallet-auth', component: WalletAuthView, meta: { title: 'Wallet auth' } },
  { path: '/agents', name: 'agents', component: AgentsView, meta: { title: 'Agents' } },
  { path: '/scenarios', name: 'scenarios', component: ScenariosView, meta: { title: 'Scenarios' } },
  { path: '/cards', name: 'cards', component: CardsView, meta: { title: 'Cards' } },
  { path: '/events', name: 'events', component: EventsView, meta: { title: 'Events' } },
  { path: '/composer', name: 'composer', component: ComposerView, meta: { title: 'Request composer' } },
  {
    path: '/webhooks', name: 'webhooks', component: WebhooksView, meta: { title: 'Webhooks' },
    children: [{ path: ':id', name: 'webhook', component: WebhookDelivery, meta: { title: 'Webhook delivery' } }],
  },
  { path: '/workspaces', name: 'workspaces', component: WorkspacesView, meta: { title: 'Workspaces' } },
  {
    path: '/api', name: 'api', component: ApiView, meta: { title: 'API and credentials' },
    children: [{
      path: 'reference', name: 'api-reference', component: ApiReferenceView, meta: { title: 'API reference' },
      children: [{ path: ':operationId', name: 'api-operation', component: OperationDetail, meta: { title: 'API reference' } }],
    }],
  },
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
