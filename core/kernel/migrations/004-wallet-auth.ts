/** Embedded-wallet authentication: credentials, OTP and passkey challenges, signed-retry requests, sessions. */
export const sql = `
CREATE TABLE wallet_secrets (
  account_id TEXT PRIMARY KEY REFERENCES internal_accounts (id),
  mnemonic   TEXT NOT NULL,
  created_at INTEGER NOT NULL
);

CREATE TABLE auth_methods (
  id                  TEXT PRIMARY KEY,
  account_id          TEXT NOT NULL REFERENCES internal_accounts (id),
  type                TEXT NOT NULL CHECK (type IN ('EMAIL_OTP', 'SMS_OTP', 'OAUTH', 'PASSKEY')),
  nickname            TEXT NOT NULL,
  oauth_iss           TEXT,
  oauth_sub           TEXT,
  oauth_aud           TEXT,
  credential_id       TEXT,
  passkey_public_key  TEXT,
  passkey_counter     INTEGER,
  transports          TEXT,
  created_at          INTEGER NOT NULL,
  updated_at          INTEGER NOT NULL,
  revoked_at          INTEGER
);
CREATE INDEX auth_methods_account ON auth_methods (account_id, created_at);
CREATE UNIQUE INDEX auth_methods_one_otp ON auth_methods (account_id, type) WHERE type IN ('EMAIL_OTP', 'SMS_OTP') AND revoked_at IS NULL;
CREATE UNIQUE INDEX auth_methods_passkey ON auth_methods (credential_id) WHERE credential_id IS NOT NULL AND revoked_at IS NULL;
CREATE UNIQUE INDEX auth_methods_oauth ON auth_methods (account_id, oauth_iss, oauth_sub) WHERE type = 'OAUTH' AND revoked_at IS NULL;

CREATE TABLE otp_challenges (
  id                  TEXT PRIMARY KEY,
  auth_method_id      TEXT NOT NULL REFERENCES auth_methods (id),
  enclave_private_key TEXT NOT NULL,
  issued_at           INTEGER NOT NULL,
  expires_at          INTEGER NOT NULL,
  used_at             INTEGER
);
CREATE INDEX otp_challenges_method ON otp_challenges (auth_method_id, issued_at);

CREATE TABLE passkey_challenges (
  request_id        TEXT PRIMARY KEY,
  auth_method_id    TEXT NOT NULL REFERENCES auth_methods (id),
  challenge         TEXT NOT NULL,
  client_public_key TEXT NOT NULL,
  issued_at         INTEGER NOT NULL,
  expires_at        INTEGER NOT NULL,
  used_at           INTEGER
);
CREATE INDEX passkey_challenges_method ON passkey_challenges (auth_method_id, issued_at);

CREATE TABLE signed_requests (
  request_id  TEXT PRIMARY KEY,
  account_id  TEXT NOT NULL,
  method      TEXT NOT NULL,
  path        TEXT NOT NULL,
  body_hash   TEXT NOT NULL,
  kind        TEXT NOT NULL,
  payload     TEXT NOT NULL,
  key_rule    TEXT NOT NULL,
  created_at  INTEGER NOT NULL,
  expires_at  INTEGER NOT NULL,
  used_at     INTEGER
);

CREATE TABLE wallet_sessions (
  id             TEXT PRIMARY KEY,
  account_id     TEXT NOT NULL REFERENCES internal_accounts (id),
  auth_method_id TEXT NOT NULL REFERENCES auth_methods (id),
  type           TEXT NOT NULL,
  public_key     TEXT NOT NULL,
  created_at     INTEGER NOT NULL,
  updated_at     INTEGER NOT NULL,
  expires_at     INTEGER NOT NULL,
  revoked_at     INTEGER
);
CREATE INDEX wallet_sessions_account ON wallet_sessions (account_id, expires_at);
CREATE INDEX wallet_sessions_key ON wallet_sessions (public_key);

CREATE TABLE used_oidc_tokens (
  token_hash TEXT PRIMARY KEY,
  used_at    INTEGER NOT NULL
);
`;
