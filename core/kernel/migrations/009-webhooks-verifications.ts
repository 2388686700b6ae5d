/** Webhook deliveries (the signing key, each delivery and each attempt) and KYC/KYB/contact verifications. */
export const sql = `
CREATE TABLE webhook_keys (
  singleton       INTEGER PRIMARY KEY CHECK (singleton = 1),
  private_key     TEXT NOT NULL,
  public_key_pem  TEXT NOT NULL,
  created_at      INTEGER NOT NULL
);

CREATE TABLE webhook_settings (
  key    TEXT PRIMARY KEY,
  value  TEXT NOT NULL
);

CREATE TABLE webhook_deliveries (
  id               TEXT PRIMARY KEY,
  event_id         TEXT,
  event_seq        INTEGER,
  type             TEXT NOT NULL,
  resource_id      TEXT,
  url              TEXT NOT NULL,
  payload          TEXT NOT NULL,
  origin           TEXT NOT NULL CHECK (origin IN ('EVENT', 'TEST', 'MANUAL')),
  retries          INTEGER NOT NULL CHECK (retries IN (0, 1)),
  status           TEXT NOT NULL CHECK (status IN ('PENDING', 'SENDING', 'RETRYING', 'SUCCEEDED', 'FAILED')),
  attempt_count    INTEGER NOT NULL DEFAULT 0,
  next_attempt_at  INTEGER,
  give_up_at       INTEGER NOT NULL,
  approval         TEXT,
  created_at       INTEGER NOT NULL,
  updated_at       INTEGER NOT NULL
);
CREATE INDEX webhook_deliveries_created ON webhook_deliveries (created_at, id);
CREATE INDEX webhook_deliveries_status ON webhook_deliveries (status, created_at);
CREATE INDEX webhook_deliveries_resource ON webhook_deliveries (resource_id);
CREATE UNIQUE INDEX webhook_deliveries_event ON webhook_deliveries (event_id) WHERE event_id IS NOT NULL;

CREATE TABLE webhook_attempts (
  id                TEXT PRIMARY KEY,
  delivery_id       TEXT NOT NULL REFERENCES webhook_deliveries (id),
  number            INTEGER NOT NULL,
  trigger           TEXT NOT NULL CHECK (trigger IN ('SCHEDULED', 'REPLAY', 'LISTEN')),
  url               TEXT NOT NULL,
  signature         TEXT NOT NULL,
  started_at        INTEGER NOT NULL,
  duration_ms       INTEGER,
  outcome           TEXT NOT NULL CHECK (outcome IN ('IN_FLIGHT', 'SUCCEEDED', 'FAILED')),
  response_status   INTEGER,
  response_headers  TEXT,
  response_body     TEXT,
  error             TEXT
);
CREATE INDEX webhook_attempts_delivery ON webhook_attempts (delivery_id, number);

CREATE TABLE incoming_approvals (
  transaction_id  TEXT PRIMARY KEY,
  status          TEXT NOT NULL CHECK (status IN ('AWAITING', 'DEFERRED', 'APPROVED', 'REJECTED', 'FAILED')),
  delivery_id     TEXT,
  detail          TEXT NOT NULL,
  created_at      INTEGER NOT NULL,
  updated_at      INTEGER NOT NULL
);

CREATE TABLE verifications (
  id           TEXT PRIMARY KEY,
  customer_id  TEXT NOT NULL REFERENCES customers (id),
  kind         TEXT NOT NULL CHECK (kind IN ('KYB', 'KYC')),
  status       TEXT NOT NULL CHECK (status IN ('RESOLVE_ERRORS', 'READY_FOR_VERIFICATION', 'IN_PROGRESS', 'PENDING_MANUAL_REVIEW', 'APPROVED', 'REJECTED')),
  errors       TEXT NOT NULL,
  history      TEXT NOT NULL,
  created_at   INTEGER NOT NULL,
  updated_at   INTEGER NOT NULL
);
CREATE INDEX verifications_customer ON verifications (customer_id, created_at);
CREATE INDEX verifications_created ON verifications (created_at, id);

CREATE TABLE beneficial_owners (
  id           TEXT PRIMARY KEY,
  customer_id  TEXT NOT NULL REFERENCES customers (id),
  data         TEXT NOT NULL,
  kyc_status   TEXT NOT NULL CHECK (kyc_status IN ('UNVERIFIED', 'PENDING', 'APPROVED', 'REJECTED', 'HOLD')),
  created_at   INTEGER NOT NULL,
  updated_at   INTEGER NOT NULL
);
CREATE INDEX beneficial_owners_customer ON beneficial_owners (customer_id, created_at);
CREATE INDEX beneficial_owners_created ON beneficial_owners (created_at, id);

CREATE TABLE kyc_links (
  id           TEXT PRIMARY KEY,
  customer_id  TEXT NOT NULL REFERENCES customers (id),
  url          TEXT NOT NULL,
  outcome      TEXT NOT NULL,
  created_at   INTEGER NOT NULL,
  expires_at   INTEGER NOT NULL
);
CREATE INDEX kyc_links_customer ON kyc_links (customer_id, created_at);

CREATE TABLE contact_verifications (
  id           TEXT PRIMARY KEY,
  customer_id  TEXT NOT NULL REFERENCES customers (id),
  channel      TEXT NOT NULL CHECK (channel IN ('EMAIL', 'PHONE')),
  contact      TEXT NOT NULL,
  code_hash    TEXT NOT NULL,
  sent_at      INTEGER NOT NULL,
  expires_at   INTEGER NOT NULL,
  attempts     INTEGER NOT NULL DEFAULT 0,
  verified_at  INTEGER
);
CREATE INDEX contact_verifications_customer ON contact_verifications (customer_id, channel, sent_at);

CREATE TABLE ownership_challenges (
  id                   TEXT PRIMARY KEY,
  external_account_id  TEXT NOT NULL,
  amounts              TEXT NOT NULL,
  status               TEXT NOT NULL CHECK (status IN ('PENDING', 'VERIFIED', 'FAILED')),
  attempts             INTEGER NOT NULL DEFAULT 0,
  created_at           INTEGER NOT NULL,
  expires_at           INTEGER NOT NULL,
  verified_at          INTEGER
);
CREATE INDEX ownership_challenges_account ON ownership_challenges (external_account_id, created_at);
`;
