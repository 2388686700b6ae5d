import type { z } from 'zod';
import type { Ctx } from '../context';
import { invalidInput } from '../kernel/errors';
import { platformRepo } from './repo';
import type { configPatchSchema, PlatformConfig, PlatformConfigData } from './schema';

/** The configuration a new workspace starts with. */
export function defaultConfig(name: string): PlatformConfigData {
  const cur = (currencyCode: string, maxAmount: number) => ({
    currencyCode, minAmount: 1, maxAmount, enabledTransactionTypes: ['INCOMING', 'OUTGOING'] as ('INCOMING' | 'OUTGOING')[], requiredCounterpartyFields: [],
  });
  return {
    name,
    umaDomain: 'demo-platform.localhost',
    webhookEndpoint: null,
    supportedCurrencies: [cur('USD', 10_000_000_00), cur('EUR', 10_000_000_00), cur('MXN', 200_000_000_00), cur('BRL', 50_000_000_00), cur('GBP', 10_000_000_00), cur('INR', 800_000_000_00), cur('BTC', 100_00000000), cur('USDC', 10_000_000_000000)],
    fees: { variableFeeRate: 0.005, fixedFees: { USD: 30, EUR: 30, GBP: 25, MXN: 500, BRL: 150, INR: 2500 } },
    // file:// is the desktop app's page origin, where the console's software authenticator runs.
    passkeys: { rpId: 'localhost', origins: ['http://localhost:4100', 'http://localhost:5173', 'file://'] },
  };
}

/** What the webhooks area adds to the configuration (a port: webhooks sit above the platform). */
export interface WebhookConfigPort {
  /** The public key receivers verify deliveries with (SPKI PEM). */
  publicKeyPem(): string;
}

/** Reads and updates the single platform configuration row. */
export class PlatformService {
  private readonly repo;
  /** Plugged in by services.ts once the webhooks area exists. */
  webhooks: WebhookConfigPort | undefined;

  constructor(private readonly ctx: Ctx) {
    this.repo = platformRepo(ctx.db);
  }

  /** Creates the configuration of a new workspace (seeding). */
  init(data: PlatformConfigData): PlatformConfig {
    this.repo.insert(this.ctx.ids('PlatformConfig'), data, this.ctx.clock.nowMs());
    return this.get();
  }

  /** True once the workspace has a configuration (a new one is seeded when it has none). */
  exists(): boolean {
    return this.repo.get() !== undefined;
  }

  /** The counterparty fields the stored configuration lists for a currency (none before seeding or for an unlisted currency). */
  requiredCounterpartyFields(currency: string): readonly { name: string; mandatory: boolean }[] {
    // The stored fields as written, not get()'s defaults: a configuration without currencies asks for no fields.
    return this.repo.get()?.data.supportedCurrencies?.find((c) => c.currencyCode === currency)?.requiredCounterpartyFields ?? [];
  }

  /**
   * The webhook endpoint, if one is set. A workspace not configured yet (opened without seeding) has none, so
   * the webhook pump, which asks on every event, finds nobody to send to instead of throwing from a timer.
   */
  webhookEndpoint(): string | undefined {
    return this.repo.get()?.data.webhookEndpoint || undefined;
  }

  /** The current configuration. */
  get(): PlatformConfig {
    const stored = this.repo.get();
    if (!stored) throw new Error('workspace has no platform configuration');
    // Configurations written before a field existed get its default (forward-compatible reads).
    const data = { ...defaultConfig(''), ...stored.data };
    const { webhookEndpoint, ...rest } = data;
    return {
      id: stored.id, ...rest,
      supportedCurrencies: rest.supportedCurrencies.map((c) => ({ ...c, requiredCounterpartyFields: c.requiredCounterpartyFields ?? [] })),
      ...(webhookEndpoint ? { webhookEndpoint } : {}),
      ...(this.webhooks ? { webhookPublicKey: this.webhooks.publicKeyPem() } : {}),
      createdAt: stored.createdAt, updatedAt: stored.updatedAt,
    };
  }

  /** The stored configuration fields (null where no webhook endpoint is set). */
  private data(): PlatformConfigData {
    const { id: _id, createdAt: _c, updatedAt: _u, webhookEndpoint, webhookPublicKey: _k, ...rest } = this.get();
    return { ...rest, webhookEndpoint: webhookEndpoint ?? null };
  }

  /** Applies a validated patch and records a PLATFORM_CONFIG.UPDATED event. */
  update(patch: z.infer<typeof configPatchSchema>): PlatformConfig {
    const next: PlatformConfigData = { ...this.data(), ...patch };
    next.supportedCurrencies.forEach((c, i) => {
      if (c.minAmount > c.maxAmount) throw invalidInput(`supportedCurrencies.${i}.minAmount`, 'must not exceed maxAmount');
    });
    return this.ctx.transaction(() => {
      this.repo.update(next, this.ctx.clock.nowMs());
      const updated = this.get();
      this.ctx.events.append('PLATFORM_CONFIG.UPDATED', 'PlatformConfig', updated.id, { changed: Object.keys(patch) });
      return updated;
    });
  }
}
