/**
 * Stablecoins in upstream's contract shapes: a coin gains its base currency, issuance and operations
 * statuses and the provider's token identifier; an operation gains the contract's statuses, its funding
 * source or burn source, destination, funding instructions, estimated delivery, expiry, description and
 * failure reason, and the base-currency amount its reserve moves by.
 *
 * Existing data: coins were registered at the provider, so they are PROVISIONED; those on a network the
 * contract does not issue on (anything but SPARK) keep their network but have their operations DISABLED.
 * Operations that were PENDING are PENDING_PROVIDER (the provider had them, no funding was awaited); they
 * name no source or destination and moved no reserve, because the older API took neither.
 */
export const sql = `
ALTER TABLE stablecoins ADD COLUMN base_currency TEXT NOT NULL DEFAULT 'USD';
ALTER TABLE stablecoins ADD COLUMN issuance_status TEXT NOT NULL DEFAULT 'PROVISIONED'
  CHECK (issuance_status IN ('PENDING_REVIEW', 'PROVISIONING', 'PROVISIONED', 'REJECTED', 'FAILED'));
ALTER TABLE stablecoins ADD COLUMN svc_operations_status TEXT NOT NULL DEFAULT 'ENABLED'
  CHECK (svc_operations_status IN ('NOT_ENABLED', 'PENDING_APPROVAL', 'ENABLING', 'ENABLED', 'DISABLED'));
ALTER TABLE stablecoins ADD COLUMN provider_token_identifier TEXT;
UPDATE stablecoins SET provider_token_identifier = symbol;
UPDATE stablecoins SET svc_operations_status = 'DISABLED' WHERE network != 'SPARK';

CREATE TABLE stablecoin_operations_v2 (
  id                    TEXT PRIMARY KEY,
  stablecoin_id         TEXT NOT NULL REFERENCES stablecoins(id),
  type                  TEXT NOT NULL CHECK (type IN ('MINT', 'BURN')),
  amount                INTEGER NOT NULL CHECK (amount > 0),
  reserve_amount        INTEGER NOT NULL DEFAULT 0 CHECK (reserve_amount >= 0),
  status                TEXT NOT NULL CHECK (status IN ('CREATED', 'PENDING_FUNDING', 'PENDING_PROVIDER', 'PROCESSING', 'COMPLETED', 'FAILED', 'EXPIRED')),
  source                TEXT,
  destination           TEXT,
  funding_instructions  TEXT,
  estimated_delivery    TEXT,
  address               TEXT,
  description           TEXT,
  failure_reason        TEXT,
  transaction_hash      TEXT,
  expires_at            INTEGER,
  created_at            INTEGER NOT NULL,
  updated_at            INTEGER NOT NULL,
  completed_at          INTEGER
);
INSERT INTO stablecoin_operations_v2 (id, stablecoin_id, type, amount, status, address, transaction_hash, created_at, updated_at, completed_at)
  SELECT id, stablecoin_id, type, amount, CASE status WHEN 'PENDING' THEN 'PENDING_PROVIDER' ELSE status END,
    address, transaction_hash, created_at, updated_at, completed_at FROM stablecoin_operations;
DROP TABLE stablecoin_operations;
ALTER TABLE stablecoin_operations_v2 RENAME TO stablecoin_operations;
CREATE INDEX stablecoin_operations_coin ON stablecoin_operations (stablecoin_id, created_at, id);
CREATE INDEX stablecoins_statuses ON stablecoins (issuance_status, svc_operations_status, created_at, id);
`;
