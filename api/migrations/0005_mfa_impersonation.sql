-- MFA: a TOTP secret waiting for its first code, and the last accepted time step (a TOTP code
-- is single-use). Secrets are stored encrypted (AES-256-GCM, key derived from the session secret).
ALTER TABLE users ADD COLUMN totp_pending_secret text;
ALTER TABLE users ADD COLUMN totp_last_step bigint;

-- One MFA challenge: what `session_uuid` names between an MFA_REQUIRED answer and the repeated
-- request. E-mail challenges carry the code's HMAC, expire in 10 minutes and allow 5 attempts.
CREATE TABLE mfa_challenges (
  id uuid PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  method text NOT NULL CHECK (method IN ('totp', 'email')),
  purpose text NOT NULL,
  code_hash text,
  attempts integer NOT NULL DEFAULT 0,
  expires_at timestamptz NOT NULL,
  consumed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX mfa_challenges_user_idx ON mfa_challenges (user_id);

-- Impersonation: the admin's own session, which cancelling returns to.
ALTER TABLE sessions ADD COLUMN parent_session_id uuid REFERENCES sessions (id) ON DELETE CASCADE;
