import type { Ctx } from './context';
import { PlatformService } from './platform/service';
import { TokenService } from './tokens/service';
import { LedgerService } from './ledger/service';
import { InternalAccountService } from './accounts/internal-service';
import { ExternalAccountService } from './accounts/external-service';
import { CustomerService } from './customers/service';
import { RateService } from './rates/service';
import { ClockService } from './sandbox/service';

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
}

/** Builds the area services; collaborators are passed explicitly, never imported as singletons. */
export function createServices(ctx: Ctx): Services {
  const platform = new PlatformService(ctx);
  const ledger = new LedgerService(ctx);
  const internal = new InternalAccountService(ctx, ledger);
  let customers: CustomerService | undefined = undefined;
  const external = new ExternalAccountService(ctx, (id) => customers!.assertLive(id));
  customers = new CustomerService(ctx, platform, internal);
  return {
    ctx, platform, ledger, internal, external, customers,
    tokens: new TokenService(ctx),
    rates: new RateService(ctx, platform),
    clock: new ClockService(ctx),
  };
}
