import type { Ctx } from './context';
import { PlatformService } from './platform/service';
import { TokenService } from './tokens/service';
import { LedgerService } from './ledger/service';
import { InternalAccountService } from './accounts/internal-service';
import { ExternalAccountService } from './accounts/external-service';
import { CustomerService } from './customers/service';
import { customerRepo } from './customers/repo';
import { RateService } from './rates/service';
import { ClockService } from './sandbox/clock';
import { TransactionService } from './transactions/service';
import { PaymentRunner } from './transactions/runner';
import { FundsMover } from './payments/funds';
import { ReceiverService } from './receivers/service';
import { QuoteService } from './quotes/service';
import { TransferService } from './transfers/service';
import { IncomingPaymentSimulator } from './sandbox/incoming';
import { SignedRetry } from './wallet/signed-retry';
import { OtpService } from './wallet/otp';
import { SessionService } from './wallet/sessions';
import { CredentialService } from './wallet/credential-service';
import { SignInService } from './wallet/sign-in-service';
import { WalletActions } from './wallet/actions';
import type { RelyingParty } from './wallet/passkey';
import { CardService } from './cards/service';
import { CardTransactionService } from './cards/transactions';
import { CardSimulator } from './cards/simulator';
import { FinancialAndCreditSimulator } from './cards/financial-and-credit';
import { CardReveal } from './cards/reveal';
import { createWebhookAreas, type WebhookAreas } from './webhooks/wiring';
import { createVerificationAreas, type VerificationAreas } from './verifications/wiring';
import { AgentService } from './agents/service';
import { AgentActions } from './agents/actions';
import { AgentOperations } from './agents/operations';
import { InvitationService } from './invitations/service';
import { DocumentService } from './documents/service';
import { BulkCustomerImports } from './bulk/service';
import { StablecoinService } from './stablecoins/service';
import { DelegatedKeys } from './wallet/delegated-keys';
import { createScaAreas, type ScaAreas } from './sca/wiring';

/** Every area service of one workspace, wired over its kernel. */
export interface Services {
  ctx: Ctx;
  platform: PlatformService;
  tokens: TokenService;
  ledger: LedgerService;
  internal: InternalAccountService;
  external: ExternalAccountService;
  customers: CustomerService;
  rates: RateService;
  clock: ClockService;
  transactions: TransactionService;
  runner: PaymentRunner;
  receivers: ReceiverService;
  quotes: QuoteService;
  transfers: TransferService;
  invitations: InvitationService;
  documents: DocumentService;
  bulkImports: BulkCustomerImports;
  stablecoins: StablecoinService;
  delegatedKeys: DelegatedKeys;
  incoming: IncomingPaymentSimulator;
  signedRetry: SignedRetry;
  walletSessions: SessionService;
  walletCredentials: CredentialService;
  walletSignIn: SignInService;
  walletActions: WalletActions;
  cards: CardService;
  cardTransactions: CardTransactionService;
  cardSimulator: CardSimulator;
  /** The sandbox's single-message and credit card simulations. */
  cardNetwork: FinancialAndCreditSimulator;
  /** Card reveal links and the page they open. */
  cardReveal: CardReveal;
  /** Webhook deliveries and incoming-payment approvals. */
  webhooks: WebhookAreas;
  /** KYB verifications, beneficial owners, KYC links, contact verification. */
  verifications: VerificationAreas;
  agents: AgentService;
  agentActions: AgentActions;
  agentOperations: AgentOperations;
  /** Strong Customer Authentication: factors, logins, factor resets, trusted beneficiaries, quote authorization. */
  sca: ScaAreas;
  /** Origins the host serves the console from; passkeys made there are accepted besides the configured ones. */
  hostOrigins: string[];
}

/**
 * Builds the area services; collaborators are passed explicitly, never imported as singletons. Areas
 * lower in the picture never import higher ones: where a lower area needs an answer from a higher one
 * (accounts asking customers who is deleted or live), it declares a small port and this function
 * plugs the higher area in. The customers' repo is built first for that reason: internal accounts need
 * its list of deleted customers, and CustomerService in turn needs internal accounts to open them.
 */
export function createServices(ctx: Ctx): Services {
  const platform = new PlatformService(ctx);
  const ledger = new LedgerService(ctx);
  const customerStore = customerRepo(ctx.db);
  const internal = new InternalAccountService(ctx, ledger, { deletedIds: () => customerStore.deletedIds() });
  const customers = new CustomerService(ctx, customerStore, platform, internal);
  const external = new ExternalAccountService(ctx, (id) => customers.assertLive(id), (currency) => platform.requiredCounterpartyFields(currency));
  const transactions = new TransactionService(ctx, (id) => external.identifierOf(id));
  const runner = new PaymentRunner(ctx, transactions, new FundsMover(ledger));
  const receivers = new ReceiverService(ctx, external);
  const organizationId = () => platform.get().id;
  const hostOrigins: string[] = [];
  const relyingParty = (): RelyingParty => {
    const rp = platform.get().passkeys;
    return { rpId: rp.rpId, origins: [...new Set([...rp.origins, ...hostOrigins])] };
  };
  const signedRetry = new SignedRetry(ctx, organizationId);
  const otp = new OtpService(ctx, organizationId);
  const walletSessions = new SessionService(ctx, internal);
  const walletCredentials = new CredentialService(ctx, walletSessions, signedRetry, otp, customers, relyingParty);
  const quotes = new QuoteService(ctx, { platform, customers, internal, external, receivers, transactions, runner, signedRetry });
  const transfers = new TransferService(ctx, internal, external, customers, transactions, runner);
  const cards = new CardService(ctx, customers, internal);
  const cardTransactions = new CardTransactionService(ctx, ledger);
  transactions.addSource(cardTransactions); // card transactions are the CARD kind of the transaction lists
  const cardSimulator = new CardSimulator(ctx, cards, cardTransactions, customers, internal);
  const rates = new RateService(ctx, platform);
  const convert = (amount: number, from: string, to: string) => rates.convert(amount, from, to);
  const agents = new AgentService(ctx, { assertCustomer: (id) => customers.assertLive(id), ownerOfAccount: (id) => accountOwner(internal, external, id), convert });
  const agentActions = new AgentActions(ctx, { agents, quotes, transfers, transactions, internal, customers, convert });
  const agentOperations = new AgentOperations(ctx, { agents, actions: agentActions, quotes, transactions, internal, external, convert });
  const incoming = new IncomingPaymentSimulator(ctx, customers, internal, transactions, runner);
  const verifications = createVerificationAreas(ctx, customers, external);
  const webhooks = createWebhookAreas(ctx, { platform, customers, internal, external, transactions, incoming, verifications: verifications.kyb });
  const sca = createScaAreas(ctx, { customers, external, quotes, relyingParty });
  return {
    webhooks, verifications, sca,
    signedRetry, walletSessions, walletCredentials, hostOrigins,
    walletSignIn: new SignInService(ctx, walletSessions, signedRetry, otp, relyingParty),
    walletActions: new WalletActions(ctx, walletSessions, walletCredentials, signedRetry, internal, customers, organizationId),
    ctx, platform, ledger, internal, external, customers, transactions, runner, receivers, quotes,
    transfers, agents, agentActions, agentOperations,
    invitations: new InvitationService(ctx, customers),
    bulkImports: new BulkCustomerImports(ctx, customers),
    stablecoins: new StablecoinService(ctx, internal, external, ledger),
    delegatedKeys: new DelegatedKeys(ctx, walletSessions, signedRetry, (id) => cards.record(id)),
    // A document belongs to a live customer or to a beneficial owner (the verifications area holds those),
    // and may support a verification of that customer.
    documents: new DocumentService(ctx, {
      customerOf: (id) => (succeeds(() => customers.assertLive(id)) ? id : succeeds(() => verifications.owners.get(id)) ? verifications.owners.get(id).customerId : undefined),
      verificationCustomer: (id) => verifications.kyb.get(id).customerId,
    }),
    cards, cardTransactions, cardSimulator, cardNetwork: new FinancialAndCreditSimulator(ctx, cards, cardTransactions, internal, cardSimulator),
    cardReveal: new CardReveal(ctx, cards),
    incoming,
    tokens: new TokenService(ctx),
    rates,
    clock: new ClockService(ctx),
  };
}

/** The customer owning an internal or external account (null: the platform's; undefined: no such account). */
function accountOwner(internal: InternalAccountService, external: ExternalAccountService, id: string): string | null | undefined {
  try {
    return id.startsWith('ExternalAccount:') ? external.get(id).customerId ?? null : internal.get(id).customerId ?? null;
  } catch {
    return undefined;
  }
}

/** Whether `fn` runs without throwing (a lookup that answers 404 when the thing is missing). */
function succeeds(fn: () => unknown): boolean {
  try {
    fn();
    return true;
  } catch {
    return false;
  }
}
