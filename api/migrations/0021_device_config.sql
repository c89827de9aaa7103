-- A device's configuration as it last reported it (issue 22; docs/device-protocol.md
-- "Configuration"): the whole tree (secrets masked by the device), its revision and who made
-- the last change (the console, someone on the device, a rollback, or the device's start).
CREATE TABLE device_configs (
  device_id integer PRIMARY KEY REFERENCES devices (id) ON DELETE CASCADE,
  revision integer NOT NULL,
  changed_by text NOT NULL CHECK (changed_by IN ('console', 'local', 'rollback', 'boot')),
  config jsonb NOT NULL,
  reported_at timestamptz NOT NULL DEFAULT now()
);
