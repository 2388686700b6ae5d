import type { Db } from '../kernel/db';
import { isoOf } from '../kernel/clock';
import { selectPage, type Page } from '../kernel/pagination';
import { STABLECOIN_DECIMALS, type OperationStatus, type ProviderAccount, type Stablecoin, type StablecoinOperation } from './schema';

interface AccountRow { id: string; provider: 'BRALE'; provider_account_id: string; client_id: string; secret_hash: string; status: ProviderAccount['status']; last_verified_at: number | null; created_at: number; updated_at: number }
interface CoinRow {
  id: string; provider_account_id: string; symbol: string; name: string; network: Stablecoin['network']; contract_address: string; total_supply: number;
  base_currency: string; issuance_status: Stablecoin['issuanceStatus']; svc_operations_status: Stablecoin['svcOperationsStatus']; provider_token_identifier: string | null;
  created_at: number; updated_at: number; provider: 'BRALE';
}
interface OpRow {
  id: string; stablecoin_id: string; type: 'MINT' | 'BURN'; amount: number; reserve_amount: number; status: OperationStatus;
  source: string | null; destination: string | null; funding_instructions: string | null; estimated_delivery: string | null;
  address: string | null; description: string | null; failure_reason: string | null; transaction_hash: string | null;
  expires_at: number | null; created_at: number; updated_at: number; completed_at: number | null; provider: 'BRALE'; provider_account_id: string;
}

/** What the sandbox provider reports for each operation status (upstream's providerStatus is the provider's own word). */
const PROVIDER_STATUS: Record<OperationStatus, string> = {
  CREATED: 'created', PENDING_FUNDING: 'awaiting_funds', PENDING_PROVIDER: 'pending', PROCESSING: 'processing', COMPLETED: 'complete', FAILED: 'failed', EXPIRED: 'expired',
};

const account = (r: AccountRow): ProviderAccount => ({
  id: r.id, provider: r.provider, providerAccountId: r.provider_account_id, providerEnvironment: 'SANDBOX', status: r.status,
  ...(r.last_verified_at !== null ? { lastVerifiedAt: isoOf(r.last_verified_at) } : {}), createdAt: isoOf(r.created_at), updatedAt: isoOf(r.updated_at),
});
const coin = (r: CoinRow): Stablecoin => ({
  id: r.id, name: r.name, symbol: r.symbol, baseCurrency: r.base_currency, network: r.network, decimals: STABLECOIN_DECIMALS,
  issuanceStatus: r.issuance_status, svcOperationsStatus: r.svc_operations_status, networkTokenIdentifier: r.contract_address, currency: r.symbol,
  provider: r.provider, stablecoinProviderAccountId: r.provider_account_id, providerEnvironment: 'SANDBOX', providerTokenIdentifier: r.provider_token_identifier ?? r.symbol,
  totalSupply: String(r.total_supply), createdAt: isoOf(r.created_at), updatedAt: isoOf(r.updated_at),
});
const json = <T>(s: string | null): T | undefined => (s === null ? undefined : (JSON.parse(s) as T));
const op = (r: OpRow): StablecoinOperation => {
  const o: StablecoinOperation = {
    id: r.id, stablecoinId: r.stablecoin_id, operationType: r.type, status: r.status, amount: String(r.amount),
    provider: r.provider, providerEnvironment: 'SANDBOX', stablecoinProviderAccountId: r.provider_account_id, providerStatus: PROVIDER_STATUS[r.status],
    createdAt: isoOf(r.created_at), updatedAt: isoOf(r.updated_at),
  };
  const source = json<StablecoinOperation['source']>(r.source);
  const destination = json<StablecoinOperation['destination']>(r.destination);
  const instructions = json<Record<string, string>>(r.funding_instructions);
  const delivery = json<StablecoinOperation['estimatedDelivery']>(r.estimated_delivery);
  if (source) o.source = source;
  if (instructions) o.fundingInstructions = instructions;
  if (destination) o.destination = destination;
  if (delivery) o.estimatedDelivery = delivery;
  if (r.expires_at !== null && r.status === 'PENDING_FUNDING') o.expiresAt = isoOf(r.expires_at);
  if (r.failure_reason) o.failureReason = r.failure_reason;
  if (r.description) o.description = r.description;
  if (r.address) o.address = r.address;
  if (r.transaction_hash) o.transactionHash = r.transaction_hash;
  if (r.completed_at !== null) o.completedAt = isoOf(r.completed_at);
  return o;
};
const COIN_SELECT = 'SELECT s.*, a.provider FROM stablecoins s JOIN stablecoin_provider_accounts a ON a.id = s.provider_account_id';
const OP_SELECT = 'SELECT o.*, a.provider, s.provider_account_id FROM stablecoin_operations o JOIN stablecoins s ON s.id = o.stablecoin_id JOIN stablecoin_provider_accounts a ON a.id = s.provider_account_id';

/** A new operation as the service decided it. */
export interface NewOperation {
  id: string; coinId: string; type: 'MINT' | 'BURN'; amount: number; reserveAmount: number; status: OperationStatus;
  source: StablecoinOperation['source']; destination: StablecoinOperation['destination'];
  fundingInstructions?: Record<string, string> | undefined; estimatedDelivery?: StablecoinOperation['estimatedDelivery'] | undefined;
  description?: string | undefined; expiresAtMs: number | null; atMs: number;
}

/** The stored facts of an operation that its later steps need (amounts as integers). */
export interface OperationRecord {
  id: string; coinId: string; type: 'MINT' | 'BURN'; amount: number; reserveAmount: number; status: OperationStatus;
  source: StablecoinOperation['source']; destination: StablecoinOperation['destination'];
}

/** The SQL of stablecoin issuance, prepared once over a workspace's database. */
export function stablecoinRepo(db: Db) {
  const insertAccount = db.prepare(`INSERT INTO stablecoin_provider_accounts (id, provider, provider_account_id, client_id, secret_hash, status, last_verified_at, created_at, updated_at) VALUES (?, ?, ?, ?, ?, 'ACTIVE', ?, ?, ?)`);
  const accountById = db.prepare<[string], AccountRow>('SELECT * FROM stablecoin_provider_accounts WHERE id = ?');
  const accountByKey = db.prepare<[string, string], AccountRow>('SELECT * FROM stablecoin_provider_accounts WHERE provider = ? AND provider_account_id = ?');
  const activeAccounts = db.prepare<[], AccountRow>(`SELECT * FROM stablecoin_provider_accounts WHERE status = 'ACTIVE' ORDER BY created_at, id`);
  const insertCoin = db.prepare(`INSERT INTO stablecoins (id, provider_account_id, symbol, name, network, contract_address, total_supply, base_currency, issuance_status,
    svc_operations_status, provider_token_identifier, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, 0, 'USD', 'PROVISIONED', 'ENABLED', ?, ?, ?)`);
  const coinById = db.prepare<[string], CoinRow>(`${COIN_SELECT} WHERE s.id = ?`);
  const coinByKey = db.prepare<[string, string], { id: string }>('SELECT id FROM stablecoins WHERE symbol = ? AND network = ?');
  const supply = db.prepare('UPDATE stablecoins SET total_supply = total_supply + ?, updated_at = ? WHERE id = ?');
  const insertOp = db.prepare(`INSERT INTO stablecoin_operations (id, stablecoin_id, type, amount, reserve_amount, status, source, destination, funding_instructions,
    estimated_delivery, description, expires_at, created_at, updated_at) VALUES (@id, @coinId, @type, @amount, @reserveAmount, @status, @source, @destination,
    @fundingInstructions, @estimatedDelivery, @description, @expiresAt, @atMs, @atMs)`);
  const opById = db.prepare<[string], OpRow>(`${OP_SELECT} WHERE o.id = ?`);
  const setOp = db.prepare('UPDATE stablecoin_operations SET status = ?, transaction_hash = coalesce(?, transaction_hash), failure_reason = coalesce(?, failure_reason), updated_at = ?, completed_at = coalesce(?, completed_at) WHERE id = ?');
  const pendingBurns = db.prepare<[string], { n: number }>(`SELECT coalesce(sum(amount), 0) AS n FROM stablecoin_operations WHERE stablecoin_id = ? AND type = 'BURN' AND status IN ('CREATED', 'PENDING_FUNDING', 'PENDING_PROVIDER', 'PROCESSING')`);
  return {
    insertAccount(id: string, provider: string, providerAccountId: string, clientId: string, secretHash: string, atMs: number): ProviderAccount {
      insertAccount.run(id, provider, providerAccountId, clientId, secretHash, atMs, atMs, atMs);
      return account(accountById.get(id)!);
    },
    account: (id: string) => { const r = accountById.get(id); return r && account(r); },
    accountByKey: (provider: string, providerAccountId: string) => { const r = accountByKey.get(provider, providerAccountId); return r && account(r); },
    activeAccounts: () => activeAccounts.all().map(account),
    accounts(f: { provider?: string | undefined; status?: string | undefined; limit: number; cursor?: string | undefined }): Page<ProviderAccount> {
      const where: string[] = [];
      const params: unknown[] = [];
      if (f.provider) { where.push('provider = ?'); params.push(f.provider); }
      if (f.status) { where.push('status = ?'); params.push(f.status); }
      return selectPage<AccountRow, ProviderAccount>(db, { select: 'SELECT * FROM stablecoin_provider_accounts', from: 'FROM stablecoin_provider_accounts', where, params, limit: f.limit, cursor: f.cursor, order: 'desc', keyColumn: 'created_at', idColumn: 'id', map: account, position: (r) => ({ k: r.created_at, id: r.id }) });
    },
    insertCoin(id: string, accountId: string, b: { symbol: string; name: string; network: string; networkTokenIdentifier: string }, atMs: number): Stablecoin {
      insertCoin.run(id, accountId, b.symbol, b.name, b.network, b.networkTokenIdentifier, b.symbol, atMs, atMs);
      return coin(coinById.get(id)!);
    },
    coin: (id: string) => { const r = coinById.get(id); return r && coin(r); },
    coinExists: (symbol: string, network: string) => coinByKey.get(symbol, network) !== undefined,
    coins(f: { issuanceStatus?: string | undefined; svcOperationsStatus?: string | undefined; provider?: string | undefined; limit: number; cursor?: string | undefined }): Page<Stablecoin> {
      const where: string[] = [];
      const params: unknown[] = [];
      if (f.issuanceStatus) { where.push('s.issuance_status = ?'); params.push(f.issuanceStatus); }
      if (f.svcOperationsStatus) { where.push('s.svc_operations_status = ?'); params.push(f.svcOperationsStatus); }
      // Every link's provider is BRALE today; the join keeps the filter right when another provider arrives.
      if (f.provider) { where.push('s.provider_account_id IN (SELECT id FROM stablecoin_provider_accounts WHERE provider = ?)'); params.push(f.provider); }
      return selectPage<CoinRow, Stablecoin>(db, { select: COIN_SELECT, from: 'FROM stablecoins s', where, params, limit: f.limit, cursor: f.cursor, order: 'desc', keyColumn: 's.created_at', idColumn: 's.id', map: coin, position: (r) => ({ k: r.created_at, id: r.id }) });
    },
    addSupply: (id: string, delta: number, atMs: number) => void supply.run(delta, atMs, id),
    pendingBurns: (id: string) => pendingBurns.get(id)!.n,
    insertOp(o: NewOperation): StablecoinOperation {
      insertOp.run({
        id: o.id, coinId: o.coinId, type: o.type, amount: o.amount, reserveAmount: o.reserveAmount, status: o.status,
        source: o.source ? JSON.stringify(o.source) : null, destination: o.destination ? JSON.stringify(o.destination) : null,
        fundingInstructions: o.fundingInstructions ? JSON.stringify(o.fundingInstructions) : null,
        estimatedDelivery: o.estimatedDelivery ? JSON.stringify(o.estimatedDelivery) : null,
        description: o.description ?? null, expiresAt: o.expiresAtMs, atMs: o.atMs,
      });
      return op(opById.get(o.id)!);
    },
    op: (id: string) => { const r = opById.get(id); return r && op(r); },
    record(id: string): OperationRecord | undefined {
      const r = opById.get(id);
      return r && { id: r.id, coinId: r.stablecoin_id, type: r.type, amount: r.amount, reserveAmount: r.reserve_amount, status: r.status, source: json(r.source), destination: json(r.destination) };
    },
    setOp(id: string, status: OperationStatus, f: { hash?: string; failureReason?: string }, atMs: number): StablecoinOperation {
      setOp.run(status, f.hash ?? null, f.failureReason ?? null, atMs, status === 'COMPLETED' || status === 'FAILED' || status === 'EXPIRED' ? atMs : null, id);
      return op(opById.get(id)!);
    },
    ops(coinId: string, f: { status?: string | undefined; type?: string | undefined; limit: number; cursor?: string | undefined }): Page<StablecoinOperation> {
      const where = ['o.stablecoin_id = ?'];
      const params: unknown[] = [coinId];
      if (f.status) { where.push('o.status = ?'); params.push(f.status); }
      if (f.type) { where.push('o.type = ?'); params.push(f.type); }
      return selectPage<OpRow, StablecoinOperation>(db, { select: OP_SELECT, from: 'FROM stablecoin_operations o', where, params, limit: f.limit, cursor: f.cursor, order: 'desc', keyColumn: 'o.created_at', idColumn: 'o.id', map: op, position: (r) => ({ k: r.created_at, id: r.id }) });
    },
  };
}
