-- History people can read (issue 30). Each audit entry names its event type (device.reboot,
-- user.invite …: contracts/src/audit-events.ts), which the console turns into a sentence and the
-- Action logs filter by. Entries written before have none (NULL) and read as a generic sentence.
-- The hash of an entry covers its event type only when it has one (chain.ts), so every entry
-- written before this migration still verifies as it did.
ALTER TABLE audit_log ADD COLUMN event text;
CREATE INDEX audit_log_event_idx ON audit_log (event, id);
-- A device's activity reads the entries about it (and the bulk actions) by entity, newest first.
CREATE INDEX audit_log_entity_idx ON audit_log (entity, entity_id, id);

-- The commands sent to devices from the console (reboot, refresh, CLI) and how each ended, as the
-- 'Action status' modal reported it: the activity says "rebooted; back online after 6 s". Written
-- after the audit entry (the device answers later), so not part of the hash chain; the entry's
-- `after.command_id` names its row.
CREATE TABLE device_commands (
  id uuid PRIMARY KEY,
  device_id integer NOT NULL REFERENCES devices (id) ON DELETE CASCADE,
  action text NOT NULL,
  state text NOT NULL DEFAULT 'running' CHECK (state IN ('running', 'succeeded', 'failed')),
  message text,
  started_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
CREATE INDEX device_commands_device_idx ON device_commands (device_id);
