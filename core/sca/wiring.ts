import type { Ctx } from '../context';
import type { QuoteService } from '../quotes/service';
import type { RelyingParty } from '../wallet/passkey';
import { ScaChallenges } from './challenges';
import { QuoteAuthorization } from './quote-authorization';
import { scaRepo } from './repo';
import { FactorResets } from './resets';
import type { ScaRouteDeps } from './routes';
import { ScaService, type CustomerDirectory } from './service';
import { BeneficiaryTrust, type ExternalAccountDirectory } from './trust';

/** The SCA area of a workspace: factors and logins, resets, trusted beneficiaries and quote authorization. */
export type ScaAreas = ScaRouteDeps;

/** What the SCA area needs from the areas below it. */
export interface ScaWiring {
  customers: CustomerDirectory;
  external: ExternalAccountDirectory;
  quotes: QuoteService;
  relyingParty: () => RelyingParty;
}

/** Builds the SCA area over one repo and plugs quote authorization into the quote service. */
export function createScaAreas(ctx: Ctx, w: ScaWiring): ScaAreas {
  const repo = scaRepo(ctx.db);
  const challenges = new ScaChallenges(ctx, repo, { phoneOf: (id) => w.customers.get(id).phoneNumber }, w.relyingParty);
  const sca = new ScaService(ctx, repo, challenges, w.customers, w.relyingParty);
  const trust = new BeneficiaryTrust(ctx, repo, challenges, w.external);
  const quotes = new QuoteAuthorization(ctx, repo, challenges, trust, w.quotes);
  w.quotes.setAuthorizer(quotes);
  return { sca, resets: new FactorResets(ctx, repo, challenges, sca), trust, quotes };
}
