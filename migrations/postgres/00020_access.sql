-- Access control, sign-in throttling, single sign-on state, password resets and the
-- outgoing-mail queue. Role grants are per account; an account without rows of its
-- own uses the default grants compiled into api/access (see CONTRACT.md), so a new
-- account works at once and updatePermission stores the account's full set.

-- +goose Up
ALTER TABLE memberships ADD COLUMN blocked boolean NOT NULL DEFAULT false;

-- One row per granted (role, resource, action, permission code) of an account, written
-- when the account's grants are first edited (all grants of the account at once).
CREATE TABLE role_grants (
    account_id  bigint NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    role        text NOT NULL,
    resource    smallint NOT NULL CHECK (resource BETWEEN 1 AND 9),
    action      text NOT NULL CHECK (action IN ('create:any', 'read:any', 'update:any', 'delete:any')),
    code        smallint NOT NULL CHECK (code BETWEEN 1 AND 24),
    PRIMARY KEY (account_id, role, resource, action, code)
);
-- Marks that an account's grants live in role_grants (even when a role has none left).
CREATE TABLE role_grants_accounts (
    account_id  bigint PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
    updated_at  timestamptz NOT NULL DEFAULT now()
);

-- Failed sign-ins per key ('email:<lower email>' or 'addr:<ip>'), for slowing down guessing.
CREATE TABLE login_failures (
    key            text PRIMARY KEY,
    failures       integer NOT NULL DEFAULT 0,
    first_at       timestamptz NOT NULL DEFAULT now(),
    blocked_until  timestamptz
);

-- OpenID Connect authorization requests in flight (state → PKCE verifier, nonce).
CREATE TABLE oidc_requests (
    state          text PRIMARY KEY,
    code_verifier  text NOT NULL,
    nonce          text NOT NULL,
    next_path      text NOT NULL DEFAULT '',
    created_at     timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE password_resets (
    token_hash  text PRIMARY KEY,               -- SHA-256 of the token in the mailed link
    user_id     bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    created_at  timestamptz NOT NULL DEFAULT now(),
    expires_at  timestamptz NOT NULL,
    used_at     timestamptz
);

-- Messages to send (share links, password resets); the mail sender delivers and marks them.
CREATE TABLE mail_messages (
    id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    account_id  bigint REFERENCES accounts(id) ON DELETE CASCADE,
    user_id     bigint REFERENCES users(id) ON DELETE SET NULL,
    kind        text NOT NULL,                  -- share_link, password_reset
    recipients  text[] NOT NULL,
    subject     text NOT NULL,
    body        text NOT NULL,
    detail      jsonb NOT NULL DEFAULT '{}'::jsonb,
    created_at  timestamptz NOT NULL DEFAULT now(),
    sent_at     timestamptz
);
CREATE INDEX mail_messages_pending ON mail_messages (id) WHERE sent_at IS NULL;

-- +goose Down
DROP TABLE IF EXISTS mail_messages;
DROP TABLE IF EXISTS password_resets;
DROP TABLE IF EXISTS oidc_requests;
DROP TABLE IF EXISTS login_failures;
DROP TABLE IF EXISTS role_grants_accounts;
DROP TABLE IF EXISTS role_grants;
ALTER TABLE memberships DROP COLUMN IF EXISTS blocked;
