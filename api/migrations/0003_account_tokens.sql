-- Account e-mail: single-use tokens behind the links we send, the user's e-mail language, and
-- the outbox that captures e-mail when no SMTP server is configured.

-- A token is 256 random bits; only its SHA-256 is stored, so a leaked table opens nothing.
-- `data` carries what the token was issued for (the address a verification link proves, the
-- scope of an impersonation grant).
CREATE TABLE account_tokens (
  token_hash text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('verify_email', 'reset_password', 'impersonation_grant')),
  data jsonb,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX account_tokens_user_idx ON account_tokens (user_id, purpose, created_at);

-- The language of the e-mails a user receives.
ALTER TABLE users ADD COLUMN locale text NOT NULL DEFAULT 'en' CHECK (locale IN ('en', 'ja'));

-- Every e-mail the outbox transport captured (the default transport; SMTP_URL replaces it).
CREATE TABLE mail_outbox (
  id bigserial PRIMARY KEY,
  recipient text NOT NULL,
  sender text NOT NULL,
  kind text NOT NULL,
  locale text NOT NULL,
  brand_id text NOT NULL,
  subject text NOT NULL,
  body_text text NOT NULL,
  body_html text NOT NULL,
  link text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX mail_outbox_recipient_idx ON mail_outbox (recipient, id);
CREATE INDEX mail_outbox_created_idx ON mail_outbox (created_at);
