-- Credits and data (issue 5, spec §3 Credit pool/type/code, Move resources, Buy data; §5; §9).
-- Every balance change is one transaction over these rows: a balance never goes below zero (the
-- CHECKs hold it even against a bug), and each change is written to credit_history.
CREATE TABLE credit_types (
  id integer PRIMARY KEY,
  name text NOT NULL UNIQUE,
  payment_type text NOT NULL CHECK (payment_type IN ('paid', 'free')),
  license_type text NOT NULL
);
-- The seeded catalogue: ids 1–10, the even ones paid (spec: pools of types 2, 4, 6, 8 and 10
-- need a price and a pro-forma number).
INSERT INTO credit_types (id, name, payment_type, license_type) VALUES
  (1, 'Free Device Management', 'free', 'device'),
  (2, 'Paid Device Management', 'paid', 'device'),
  (3, 'Free Remote Access', 'free', 'remote_access'),
  (4, 'Paid Remote Access', 'paid', 'remote_access'),
  (5, 'Free VPN', 'free', 'vpn'),
  (6, 'Paid VPN', 'paid', 'vpn'),
  (7, 'Free Data', 'free', 'data'),
  (8, 'Paid Data', 'paid', 'data'),
  (9, 'Free Hotspot', 'free', 'hotspot'),
  (10, 'Paid Hotspot', 'paid', 'hotspot');

CREATE TABLE credit_balances (
  company_id integer NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  credit_type_id integer NOT NULL REFERENCES credit_types (id),
  amount bigint NOT NULL DEFAULT 0 CHECK (amount >= 0),
  PRIMARY KEY (company_id, credit_type_id)
);

CREATE TABLE credit_pools (
  id serial PRIMARY KEY,
  company_id integer NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  credit_type_id integer NOT NULL REFERENCES credit_types (id),
  credit_count bigint NOT NULL CHECK (credit_count >= 1),
  credit_price numeric(14, 2) CHECK (credit_price >= 0),
  pro_form_nr text,
  created_by integer REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE credit_codes (
  id serial PRIMARY KEY,
  code text NOT NULL UNIQUE,
  credit_type_id integer NOT NULL REFERENCES credit_types (id),
  amount bigint NOT NULL CHECK (amount >= 1),
  comment text,
  from_company_id integer REFERENCES companies (id) ON DELETE SET NULL,
  created_by integer REFERENCES users (id) ON DELETE SET NULL,
  used_by_company_id integer REFERENCES companies (id) ON DELETE SET NULL,
  used_by integer REFERENCES users (id) ON DELETE SET NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX credit_codes_from_idx ON credit_codes (from_company_id);

CREATE TABLE credit_history (
  id bigserial PRIMARY KEY,
  company_id integer NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  credit_type_id integer NOT NULL REFERENCES credit_types (id),
  change bigint NOT NULL,
  balance_after bigint NOT NULL CHECK (balance_after >= 0),
  reason text NOT NULL,
  other_company_id integer REFERENCES companies (id) ON DELETE SET NULL,
  actor_user_id integer REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX credit_history_company_idx ON credit_history (company_id, id);

-- Data allowance (spec §9: one credit buys 2 GB).
CREATE TABLE company_data (
  company_id integer PRIMARY KEY REFERENCES companies (id) ON DELETE CASCADE,
  remaining_gb bigint NOT NULL DEFAULT 0 CHECK (remaining_gb >= 0)
);
CREATE TABLE data_history (
  id bigserial PRIMARY KEY,
  company_id integer NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  credits bigint NOT NULL,
  gb bigint NOT NULL,
  remaining_after bigint NOT NULL,
  actor_user_id integer REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX data_history_company_idx ON data_history (company_id, id);
