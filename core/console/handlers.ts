import type { z } from 'zod';
import type { Services } from '../services';
import { mergeHandlers } from '../api/console-handler';
import { customerHandlers } from '../customers/console';
import { accountHandlers } from '../accounts/console';
import { transactionHandlers } from '../transactions/console';
import { quoteHandlers } from '../quotes/console';
import { transferHandlers } from '../transfers/console';
import { invitationHandlers } from '../invitations/console';
import { documentHandlers } from '../documents/console';
import { bulkHandlers } from '../bulk/console';
import { walletHandlers } from '../wallet/console';
import { cardHandlers } from '../cards/console';
import { webhookHandlers } from '../webhooks/console';
import { verificationHandlers } from '../verifications/console';
import { scaHandlers } from '../sca/console';
import { requestLogHandlers } from './request-log';
import { eventHandlers } from './events';
import { searchHandlers } from './search';
import { transactionDetailHandlers } from './transaction-detail';
import { workspaceHandlers, type WorkspaceRuntime } from './workspace';
import { agentHandlers } from '../agents/console';
import { workspaceFileHandlers } from '../workspaces/console';
import { scenarioHandlers } from '../scenarios/console';
import { ScenarioService } from '../scenarios/service';
import { composerHandlers } from '../composer/console';

/** Builds the one console handler map of a workspace (`area/verb` -> handler). */
export function buildConsoleHandlers(s: Services, runtime: WorkspaceRuntime) {
  return mergeHandlers(
    workspaceHandlers(s, runtime),
    workspaceFileHandlers(s.ctx, runtime.files, () => runtime.directory, s.cardTransactions),
    customerHandlers(s.customers, s.internal, s.external),
    accountHandlers(s.internal, s.external, s.ledger),
    requestLogHandlers(s.ctx, s.webhooks.deliveries),
    eventHandlers(s.ctx),
    searchHandlers(s),
    transactionHandlers(s.transactions, (id) => s.external.identifierOf(id), (q) => customersNamed(s, q)),
    transactionDetailHandlers({ ctx: s.ctx, transactions: s.transactions, quotes: s.quotes, ledger: s.ledger }),
    quoteHandlers(s.quotes, s.internal, s.external, s.customers),
    transferHandlers(s.internal, s.external),
    invitationHandlers(s.invitations, s.customers),
    documentHandlers(s.documents),
    bulkHandlers(s.bulkImports),
    agentHandlers(s.ctx, s.agents, s.agentActions, (id) => s.customers.summaries([id]).get(id)?.name, (id) => s.external.get(id)),
    cardHandlers(s.cards, s.cardTransactions, s.customers, s.internal),
    webhookHandlers(s.webhooks, () => s.platform.get().webhookEndpoint),
    verificationHandlers(s.verifications),
    scaHandlers(s.sca.sca),
    scenarioHandlers(new ScenarioService(s.ctx), runtime),
    composerHandlers(s.ctx),
    walletHandlers({ internal: s.internal, customers: s.customers, platform: s.platform, credentials: s.walletCredentials, sessions: s.walletSessions, hostOrigins: s.hostOrigins }),
  );
}

/** The handler map's type: the renderer derives every name, input and result type from it. */
export type ConsoleHandlers = ReturnType<typeof buildConsoleHandlers>;
/** A console handler name. */
export type HandlerName = keyof ConsoleHandlers & string;
/** The input a handler accepts (before defaults are applied). */
export type HandlerInput<K extends HandlerName> = z.input<ConsoleHandlers[K]['input']>;
/** The value a handler resolves to. */
export type HandlerOutput<K extends HandlerName> = Awaited<ReturnType<ConsoleHandlers[K]['run']>>;

/** The customers a search term names (by name, contact or id), for the explorer's "customer name" search. */
function customersNamed(s: Services, q: string): string[] {
  return q.length >= 2 ? s.customers.search(q, 50).map((c) => c.id) : [];
}
