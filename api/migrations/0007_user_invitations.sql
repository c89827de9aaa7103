-- User invitations (issue 5): an admin invites an address into a company with a role; the
-- e-mailed link (a single-use token, stored as its SHA-256) lets the invitee choose a name and a
-- password, which creates the user. One open invitation per address; resending issues a new
-- token and voids the old link.
CREATE TABLE user_invitations (
  id serial PRIMARY KEY,
  company_id integer NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  email text NOT NULL,
  role_id integer NOT NULL REFERENCES roles (id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  invited_by integer REFERENCES users (id) ON DELETE SET NULL,
  locale text NOT NULL DEFAULT 'en' CHECK (locale IN ('en', 'ja')),
  expires_at timestamptz NOT NULL,
  sent_at timestamptz NOT NULL DEFAULT now(),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX user_invitations_email_idx ON user_invitations (lower(email));
CREATE INDEX user_invitations_company_idx ON user_invitations (company_id);
