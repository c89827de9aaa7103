-- Periodic backup rules (issue 22 "Backups"): a company's rule takes a backup of a device, of a
-- tag's devices or of a company's own devices daily, weekly or monthly at a time of day in the
-- company's time zone, and keeps the last N backups it made of each device. pg-boss's scheduler
-- fires it (a schedule keyed by the rule's id on the `backup-rule-run` queue); each run is a
-- `backup.upload` task group.
CREATE TABLE backup_rules (
  id serial PRIMARY KEY,
  company_id integer NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  name text NOT NULL,
  -- No foreign key: a target deleted later leaves a rule that finds no device (the console says so).
  target_kind text NOT NULL CHECK (target_kind IN ('device', 'tag', 'company')),
  target_id integer NOT NULL,
  frequency text NOT NULL CHECK (frequency IN ('daily', 'weekly', 'monthly')),
  -- Weekly: 0 Sunday … 6 Saturday (as cron counts); monthly: 1–28 (every month has the day).
  weekday smallint CHECK (weekday BETWEEN 0 AND 6),
  day_of_month smallint CHECK (day_of_month BETWEEN 1 AND 28),
  -- HH:MM in the company's time zone.
  time_of_day text NOT NULL,
  keep smallint NOT NULL CHECK (keep BETWEEN 1 AND 100),
  enabled boolean NOT NULL DEFAULT true,
  last_run_at timestamptz,
  last_group_id integer REFERENCES task_groups (id) ON DELETE SET NULL,
  last_run_devices integer,
  -- Its runs are started in this user's name.
  created_by integer REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX backup_rules_name_idx ON backup_rules (company_id, lower(name));

-- The group a rule started, and the backups its groups stored: keep-N counts and deletes only
-- those. A deleted rule leaves its groups and backups, unlinked.
ALTER TABLE task_groups ADD COLUMN backup_rule_id integer REFERENCES backup_rules (id) ON DELETE SET NULL;
ALTER TABLE files ADD COLUMN backup_rule_id integer REFERENCES backup_rules (id) ON DELETE SET NULL;
CREATE INDEX files_backup_rule_idx ON files (backup_rule_id, device_id, created_at DESC)
  WHERE backup_rule_id IS NOT NULL;
