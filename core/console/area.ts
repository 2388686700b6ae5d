import { mergeHandlers } from '../api/console-handler';
import { defineArea } from '../area';
import { workspaceHandlers } from './workspace';
import { requestLogHandlers } from './request-log';
import { eventHandlers } from './events';
import { searchHandlers } from './search';
import { transactionDetailHandlers } from './transaction-detail';

/** The console's own handlers, across areas: the Overview and clock, the request log, events, search and a transaction's detail. */
export const consoleArea = defineArea({
  name: 'console',
  handlers: ({ services: s, runtime }) => mergeHandlers(
    workspaceHandlers(s, runtime),
    requestLogHandlers(s.ctx, s.webhooks.deliveries),
    eventHandlers(s.ctx),
    searchHandlers(s),
    transactionDetailHandlers({ ctx: s.ctx, transactions: s.transactions, quotes: s.quotes, ledger: s.ledger }),
  ),
});
