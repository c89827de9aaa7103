-- Fleetport API: the first schema. Never edit a released migration; add the next number.

CREATE TABLE settings (
  key text PRIMARY KEY,
  value text NOT NULL
);

CREATE TABLE companies (
  id serial PRIMARY KEY,
  name text NOT NULL,
  parent_id integer REFERENCES companies (id) ON DELETE RESTRICT,
  path text NOT NULL,
  depth integer NOT NULL,
  show_payment boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
-- text_pattern_ops makes `path LIKE '1/4/%'` an index range scan whatever the collation.
CREATE UNIQUE INDEX companies_path_idx ON companies (path text_pattern_ops);
CREATE INDEX companies_parent_idx ON companies (parent_id);

CREATE TABLE roles (
  id serial PRIMARY KEY,
  name text NOT NULL,
  title text NOT NULL,
  description text NOT NULL DEFAULT '',
  company_id integer REFERENCES companies (id) ON DELETE CASCADE,
  scope text NOT NULL CHECK (scope IN ('all', 'subtree', 'company')),
  built_in boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX roles_name_idx ON roles (coalesce(company_id, 0), name);

CREATE TABLE role_permissions (
  role_id integer NOT NULL REFERENCES roles (id) ON DELETE CASCADE,
  permission text NOT NULL,
  PRIMARY KEY (role_id, permission)
);

CREATE TABLE users (
  id serial PRIMARY KEY,
  email text NOT NULL UNIQUE CHECK (email = lower(email)),
  username text NOT NULL,
  password_hash text,
  company_id integer NOT NULL REFERENCES companies (id) ON DELETE RESTRICT,
  role_id integer NOT NULL REFERENCES roles (id) ON DELETE RESTRICT,
  email_verified_at timestamptz,
  mfa_type text CHECK (mfa_type IN ('totp', 'email')),
  totp_secret text,
  country_iso_code text,
  impersonation_access_limit timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX users_company_idx ON users (company_id);

CREATE TABLE sessions (
  id uuid PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  actor_user_id integer REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  revoked_reason text,
  mfa_verified_at timestamptz,
  password_confirmed_at timestamptz,
  ip text,
  user_agent text
);
CREATE INDEX sessions_user_idx ON sessions (user_id);

CREATE TABLE refresh_tokens (
  token_hash text PRIMARY KEY,
  session_id uuid NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX refresh_tokens_session_idx ON refresh_tokens (session_id);

CREATE TABLE user_storage (
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  key text NOT NULL,
  value text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, key)
);

CREATE TABLE notifications (
  id bigserial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  type text NOT NULL,
  summary text NOT NULL,
  data jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  seen_at timestamptz
);
CREATE INDEX notifications_user_idx ON notifications (user_id, id);

CREATE TABLE tags (
  id serial PRIMARY KEY,
  company_id integer NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  name text NOT NULL,
  description text,
  color text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX tags_company_idx ON tags (company_id);
