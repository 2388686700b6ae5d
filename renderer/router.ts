import { createRouter, createWebHashHistory, type RouteRecordRaw, type Router, type RouterHistory } from 'vue-router';
import OverviewView from './views/OverviewView.vue';
import CustomersView from './views/CustomersView.vue';
import CustomerDetail from './components/customers/CustomerDetail.vue';
import RequestLogView from './views/RequestLogView.vue';
import RequestLogEntry from './components/request-log/RequestLogEntry.vue';
import EventsView from './views/EventsView.vue';
import TransactionsView from './views/TransactionsView.vue';
import TransactionDetail from './components/transactions/TransactionDetail.vue';
import QuotesView from './views/QuotesView.vue';
import ApiView from './views/ApiView.vue';
import ApiReferenceView from './views/ApiReferenceView.vue';
import OperationDetail from './components/api-reference/OperationDetail.vue';
import WalletAuthView from './views/WalletAuthView.vue';
import NotBuiltView from './views/NotBuiltView.vue';

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

/** Creates the router over a hash history (the console is loaded from file:// and from /console/). */
export function createConsoleRouter(history: RouterHistory = createWebHashHistory()): Router {
  const router = createRouter({ history, routes });
  router.afterEach((to) => {
    const title = typeof to.meta['title'] === 'string' ? to.meta['title'] : '';
    document.title = title ? `${title} · Payments Console` : 'Payments Console';
  });
  return router;
}
