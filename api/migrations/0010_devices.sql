-- Devices (issue 6; spec §2 /auth-devices, /management/devices, /devices/{id}; §3 Device; §8
-- connection log reasons; docs/device-protocol.md).

-- Approved Devices: the identities allowed to connect, from a manufacturer's CSV. The secret is
-- stored as its SHA-256: it is 24+ random bytes, so a fast hash is enough, and a connection storm
-- of ten thousand devices must not cost ten thousand password hashes.
CREATE TABLE device_identities (
  id serial PRIMARY KEY,
  serial text NOT NULL UNIQUE,
  mac text NOT NULL,
  secret_sha256 text NOT NULL,
  -- What the device said when it last connected before it joined a company (model, firmware…).
  last_hello jsonb,
  last_seen_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- A device in a company. Status (spec §4) is worked out from connected, first_seen_at,
-- monitoring and credit_until; `state` holds each telemetry category's latest reading.
CREATE TABLE devices (
  id serial PRIMARY KEY,
  company_id integer NOT NULL REFERENCES companies (id) ON DELETE RESTRICT,
  identity_id integer NOT NULL UNIQUE REFERENCES device_identities (id) ON DELETE RESTRICT,
  serial text NOT NULL UNIQUE,
  mac text NOT NULL,
  name text NOT NULL,
  description text,
  model text,
  firmware text,
  capabilities jsonb,
  connected boolean NOT NULL DEFAULT false,
  first_seen_at timestamptz,
  last_seen_at timestamptz,
  monitoring boolean NOT NULL DEFAULT true,
  dynamic_interval_s integer NOT NULL DEFAULT 300 CHECK (dynamic_interval_s BETWEEN 60 AND 3600),
  static_interval_s integer NOT NULL DEFAULT 86400 CHECK (static_interval_s BETWEEN 86400 AND 2592000),
  credit_until timestamptz,
  state jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX devices_company_idx ON devices (company_id, id);

CREATE TABLE device_tags (
  device_id integer NOT NULL REFERENCES devices (id) ON DELETE CASCADE,
  tag_id integer NOT NULL REFERENCES tags (id) ON DELETE CASCADE,
  PRIMARY KEY (device_id, tag_id)
);
CREATE INDEX device_tags_tag_idx ON device_tags (tag_id);

-- Spec §8 reasons, per identity (a refused device may not be in a company yet).
CREATE TABLE device_connection_log (
  id bigserial PRIMARY KEY,
  identity_id integer NOT NULL REFERENCES device_identities (id) ON DELETE CASCADE,
  reason integer NOT NULL,
  detail text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX device_connection_log_identity_idx ON device_connection_log (identity_id, id);

-- Telemetry history for the charts, kept for TELEMETRY_RETENTION_DAYS.
CREATE TABLE device_telemetry (
  id bigserial PRIMARY KEY,
  device_id integer NOT NULL REFERENCES devices (id) ON DELETE CASCADE,
  category text NOT NULL,
  at timestamptz NOT NULL,
  data jsonb NOT NULL
);
CREATE INDEX device_telemetry_device_idx ON device_telemetry (device_id, category, at);
CREATE INDEX device_telemetry_at_idx ON device_telemetry (at);
