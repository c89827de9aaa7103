-- Distributors (issue 5, spec §2 'Invite new company', §7 POST /distributors/invitations): an
-- address invited to create a company under the inviter's company; accepting the e-mailed link
-- (a single-use token, kept as its SHA-256) creates the company with the invitee as its first
-- admin. One open invitation per address.
CREATE TABLE company_invitations (
  id serial PRIMARY KEY,
  parent_company_id integer NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  email text NOT NULL,
  token_hash text NOT NULL UNIQUE,
  invited_by integer REFERENCES users (id) ON DELETE SET NULL,
  locale text NOT NULL DEFAULT 'en' CHECK (locale IN ('en', 'ja')),
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX company_invitations_email_idx ON company_invitations (lower(email));
CREATE INDEX company_invitations_parent_idx ON company_invitations (parent_company_id);
