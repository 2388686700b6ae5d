// Migration 033 puts stablecoins in the contract's shapes: coins and operations written before it must
// come through with their supply, amounts and hashes, in the contract's statuses, and a coin on a network
// the contract does not issue on keeps its network with its operations DISABLED.
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../core/kernel/migrations/index';
import { openDatabase } from '../../core/kernel/db';
import { removeTempDirs, tempDir } from '../support/builders';

const opened: { close(): void }[] = [];
afterEach(() => {
  for (const c of opened.splice(0).reverse()) c.close();
});
afterAll(removeTempDirs);

describe('migration 033 (stablecoins in the contract shapes)', () => {
  it('keeps coins and operations, maps PENDING to PENDING_PROVIDER, and disables operations of coins not on SPARK', () => {
    const dbPath = join(tempDir(), 'before-033.sqlite');
    const old = openDatabase(dbPath, MIGRATIONS.filter((m) => m.version < 33));
    old.prepare(`INSERT INTO stablecoin_provider_accounts (id, provider, provider_account_id, client_id, secret_hash, status, created_at, updated_at) VALUES ('StablecoinProviderAccount:a', 'BRALE', 'acct', 'client', 'hash', 'ACTIVE', 1, 1)`).run();
    const coin = old.prepare(`INSERT INTO stablecoins (id, provider_account_id, symbol, name, network, contract_address, total_supply, created_at, updated_at) VALUES (?, 'StablecoinProviderAccount:a', ?, ?, ?, ?, ?, 1, 1)`);
    coin.run('Stablecoin:sol', 'ACMEUSD', 'Acme Dollar', 'SOLANA', '0xabc', 5_000_000);
    coin.run('Stablecoin:spark', 'ACME', 'ACME', 'SPARK', 'btkn1xyz', 0);
    const op = old.prepare(`INSERT INTO stablecoin_operations (id, stablecoin_id, type, amount, address, status, transaction_hash, created_at, updated_at, completed_at) VALUES (?, 'Stablecoin:sol', ?, ?, ?, ?, ?, 1, 1, ?)`);
    op.run('StablecoinOperation:done', 'MINT', 5_000_000, 'wallet-1', 'COMPLETED', '0xhash', 2);
    op.run('StablecoinOperation:open', 'BURN', 1_000_000, null, 'PENDING', null, null);
    old.close();

    const db = openDatabase(dbPath);
    opened.push(db);
    expect(db.prepare('SELECT id, network, total_supply, base_currency, issuance_status, svc_operations_status, provider_token_identifier FROM stablecoins ORDER BY id').all()).toEqual([
      { id: 'Stablecoin:sol', network: 'SOLANA', total_supply: 5_000_000, base_currency: 'USD', issuance_status: 'PROVISIONED', svc_operations_status: 'DISABLED', provider_token_identifier: 'ACMEUSD' },
      { id: 'Stablecoin:spark', network: 'SPARK', total_supply: 0, base_currency: 'USD', issuance_status: 'PROVISIONED', svc_operations_status: 'ENABLED', provider_token_identifier: 'ACME' },
    ]);
    expect(db.prepare('SELECT id, type, amount, reserve_amount, status, address, transaction_hash, completed_at, source FROM stablecoin_operations ORDER BY id').all()).toEqual([
      { id: 'StablecoinOperation:done', type: 'MINT', amount: 5_000_000, reserve_amount: 0, status: 'COMPLETED', address: 'wallet-1', transaction_hash: '0xhash', completed_at: 2, source: null },
      { id: 'StablecoinOperation:open', type: 'BURN', amount: 1_000_000, reserve_amount: 0, status: 'PENDING_PROVIDER', address: null, transaction_hash: null, completed_at: null, source: null },
    ]);
    expect(() => db.prepare("UPDATE stablecoin_operations SET status = 'PENDING' WHERE id = 'StablecoinOperation:open'").run()).toThrow(/CHECK/);
    expect(() => db.prepare("INSERT INTO stablecoin_operations (id, stablecoin_id, type, amount, status, created_at, updated_at) VALUES ('x', 'Stablecoin:nope', 'MINT', 1, 'CREATED', 1, 1)").run()).toThrow(/FOREIGN KEY/);
    expect(db.pragma('foreign_key_check')).toEqual([]);
  });
});
