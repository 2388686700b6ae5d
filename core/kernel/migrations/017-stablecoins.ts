/** Stablecoin issuance: linked provider accounts, registered stablecoins, and their mints and burns. */
export const sql = `
CREATE TABLE stablecoin_provider_accounts (
  id                   TEXT PRIMARY KEY,
  provider             TEXT NOT NULL,
  provider_account_id  TEXT NOT NULL,
  client_id            TEXT NOT NULL,
  secret_hash          TEXT NOT NULL,
  status               TEXT NOT NULL CHECK (status IN ('ACTIVE', 'INVALID', 'REVOKED')),
  last_verified_at     INTEGER,
  created_at           INTEGER NOT NULL,
  updated_at           INTEGER NOT NULL,
  UNIQUE (provider, provider_account_id)
);
CREATE INDEX stablecoin_provider_accounts_created ON stablecoin_provider_accounts (created_at, id);

CREATE TABLE stablecoins (
  id                    TEXT PRIMARY KEY,
  provider_account_id   TEXT NOT NULL REFERENCES stablecoin_provider_accounts(id),
  symbol                TEXT NOT NULL,
  name                  TEXT NOT NULL,
  network               TEXT NOT NULL,
  contract_address      TEXT NOT NULL,
  total_supply          INTEGER NOT NULL CHECK (total_supply >= 0),
  created_at            INTEGER NOT NULL,
  updated_at            INTEGER NOT NULL,
  UNIQUE (symbol, network)
);
CREATE INDEX stablecoins_created ON stablecoins (created_at, id);

CREATE TABLE stablecoin_operations (
  id                TEXT PRIMARY KEY,
  stablecoin_id     TEXT NOT NULL REFERENCES stablecoins(id),
  type              TEXT NOT NULL CHECK (type IN ('MINT', 'BURN')),
  amount            INTEGER NOT NULL CHECK (amount > 0),
  address           TEXT,
  status            TEXT NOT NULL CHECK (status IN ('PENDING', 'PROCESSING', 'COMPLETED', 'FAILED')),
  transaction_hash  TEXT,
  created_at        INTEGER NOT NULL,
  updated_at        INTEGER NOT NULL,
  completed_at      INTEGER
);
CREATE INDEX stablecoin_operations_coin ON stablecoin_operations (stablecoin_id, created_at, id);
`;
