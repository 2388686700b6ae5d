import type { Db } from '../kernel/db';
import { isoOf } from '../kernel/clock';
import { selectPage, type Page } from '../kernel/pagination';
import { STABLECOIN_DECIMALS, type OperationStatus, type ProviderAccount, type Stablecoin, type StablecoinOperation } from './schema';

interface AccountRow { id: string; provider: 'BRALE'; provider_account_id: string; client_id: string; secret_hash: string; status: ProviderAccount['status']; last_verified_at: number | null; created_at: number; updated_at: number }
interface CoinRow { id: string; provider_account_id: string; symbol: string; name: string; network: Stablecoin['network']; contract_address: string; total_supply: number; created_at: number; updated_at: number; provider: 'BRALE' }
interface OpRow { id: string; stablecoin_id: string; type: 'MINT' | 'BURN'; amount: number; address: string | null; status: OperationStatus; transaction_hash: string | null; created_at: number; updated_at: number; completed_at: number | null }

const account = (r: AccountRow): ProviderAccount => ({
  id: r.id, provider: r.provider, providerAccountId: r.provider_account_id, providerEnvironment: 'SANDBOX', status: r.status,
  ...(r.last_verified_at !== null ? { lastVerifiedAt: isoOf(r.last_verified_at) } : {}), createdAt: isoOf(r.created_at), updatedAt: isoOf(r.updated_at),
});
const coin = (r: CoinRow): Stablecoin => ({
  id: r.id, symbol: r.symbol, name: r.name, network: r.network, contractAddress: r.contract_address, decimals: STABLECOIN_DECIMALS,
  provider: r.provider, stablecoinProviderAccountId: r.provider_account_id, totalSupply: r.total_supply, createdAt: isoOf(r.created_at), updatedAt: isoOf(r.updated_at),
});
const op = (r: OpRow): StablecoinOperation => ({
  id: r.id, stablecoinId: r.stablecoin_id, type: r.type, amount: r.amount, ...(r.address ? { address: r.address } : {}), status: r.status,
  ...(r.transaction_hash ? { transactionHash: r.transaction_hash } : {}), createdAt: isoOf(r.created_at), updatedAt: isoOf(r.updated_at),
  ...(r.completed_at !== null ? { completedAt: isoOf(r.completed_at) } : {}),
});
const COIN_SELECT = 'SELECT s.*, a.provider FROM stablecoins s JOIN stablecoin_provider_accounts a ON a.id = s.provider_account_id';

/** The SQL of stablecoin issuance, prepared once over a workspace's database. */
export function stablecoinRepo(db: Db) {
  const insertAccount = db.prepare(`INSERT INTO stablecoin_provider_accounts (id, provider, provider_account_id, client_id, secret_hash, status, last_verified_at, created_at, updated_at) VALUES (?, ?, ?, ?, ?, 'ACTIVE', ?, ?, ?)`);
  const accountById = db.prepare<[string], AccountRow>('SELECT * FROM stablecoin_provider_accounts WHERE id = ?');
  const accountByKey = db.prepare<[string, string], AccountRow>('SELECT * FROM stablecoin_provider_accounts WHERE provider = ? AND provider_account_id = ?');
  const activeAccounts = db.prepare<[], AccountRow>(`SELECT * FROM stablecoin_provider_accounts WHERE status = 'ACTIVE' ORDER BY created_at, id`);
  const insertCoin = db.prepare('INSERT INTO stablecoins (id, provider_account_id, symbol, name, network, contract_address, total_supply, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, 0, ?, ?)');
  const coinById = db.prepare<[string], CoinRow>(`${COIN_SELECT} WHERE s.id = ?`);
  const coinByKey = db.prepare<[string, string], { id: string }>('SELECT id FROM stablecoins WHERE symbol = ? AND network = ?');
  const supply = db.prepare('UPDATE stablecoins SET total_supply = total_supply + ?, updated_at = ? WHERE id = ?');
  const insertOp = db.prepare(`INSERT INTO stablecoin_operations (id, stablecoin_id, type, amount, address, status, created_at, updated_at) VALUES (?, ?, ?, ?, ?, 'PENDING', ?, ?)`);
  const opById = db.prepare<[string], OpRow>('SELECT * FROM stablecoin_operations WHERE id = ?');
  const setOp = db.prepare('UPDATE stablecoin_operations SET status = ?, transaction_hash = coalesce(?, transaction_hash), updated_at = ?, completed_at = coalesce(?, completed_at) WHERE id = ?');
  const pendingBurns = db.prepare<[string], { n: number }>(`SELECT coalesce(sum(amount), 0) AS n FROM stablecoin_operations WHERE stablecoin_id = ? AND type = 'BURN' AND status IN ('PENDING', 'PROCESSING')`);
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
    insertCoin(id: string, accountId: string, b: { symbol: string; name: string; network: string; contractAddress: string }, atMs: number): Stablecoin {
      insertCoin.run(id, accountId, b.symbol, b.name, b.network, b.contractAddress, atMs, atMs);
      return coin(coinById.get(id)!);
    },
    coin: (id: string) => { const r = coinById.get(id); return r && coin(r); },
    coinExists: (symbol: string, network: string) => coinByKey.get(symbol, network) !== undefined,
    coins(limit: number, cursor?: string): Page<Stablecoin> {
      return selectPage<CoinRow, Stablecoin>(db, { select: COIN_SELECT, from: 'FROM stablecoins s', where: [], params: [], limit, cursor, order: 'desc', keyColumn: 's.created_at', idColumn: 's.id', map: coin, position: (r) => ({ k: r.created_at, id: r.id }) });
    },
    addSupply: (id: string, delta: number, atMs: number) => void supply.run(delta, atMs, id),
    pendingBurns: (id: string) => pendingBurns.get(id)!.n,
    insertOp(id: string, coinId: string, type: 'MINT' | 'BURN', amount: number, address: string | null, atMs: number): StablecoinOperation {
      insertOp.run(id, coinId, type, amount, address, atMs, atMs);
      return op(opById.get(id)!);
    },
    op: (id: string) => { const r = opById.get(id); return r && op(r); },
    setOp(id: string, status: OperationStatus, hash: string | null, atMs: number): StablecoinOperation {
      setOp.run(status, hash, atMs, status === 'COMPLETED' || status === 'FAILED' ? atMs : null, id);
      return op(opById.get(id)!);
    },
    ops(coinId: string, f: { status?: string | undefined; type?: string | undefined; limit: number; cursor?: string | undefined }): Page<StablecoinOperation> {
      const where = ['stablecoin_id = ?'];
      const params: unknown[] = [coinId];
      if (f.status) { where.push('status = ?'); params.push(f.status); }
      if (f.type) { where.push('type = ?'); params.push(f.type); }
      return selectPage<OpRow, StablecoinOperation>(db, { select: 'SELECT * FROM stablecoin_operations', from: 'FROM stablecoin_operations', where, params, limit: f.limit, cursor: f.cursor, order: 'desc', keyColumn: 'created_at', idColumn: 'id', map: op, position: (r) => ({ k: r.created_at, id: r.id }) });
    },
  };
}
