-- Files become whole and firmware campaigns run on the task engine (issue 21).

-- Files have a kind. A firmware image also says which model families it fits, its version and
-- its release notes. A file without a company is in the global firmware catalogue, which every
-- company sees (upload_files_global_scope manages it); only firmware may be global.
ALTER TABLE files ALTER COLUMN company_id DROP NOT NULL;
ALTER TABLE files
  ADD COLUMN kind text NOT NULL DEFAULT 'other' CHECK (kind IN ('firmware', 'backup', 'configuration', 'other')),
  ADD COLUMN version text,
  ADD COLUMN families text[] NOT NULL DEFAULT '{}',
  ADD COLUMN release_notes text,
  ADD CONSTRAINT files_global_is_firmware CHECK (company_id IS NOT NULL OR kind = 'firmware');
CREATE INDEX files_kind_idx ON files (kind, created_at DESC);

-- File permissions: a company's file shared with chosen companies below it.
CREATE TABLE file_shares (
  file_id integer NOT NULL REFERENCES files (id) ON DELETE CASCADE,
  company_id integer NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  PRIMARY KEY (file_id, company_id)
);
CREATE INDEX file_shares_company_idx ON file_shares (company_id);

-- Spec §9: credit resource types 100 and 101. Storing a firmware or a backup file spends one of
-- the company's credits of that type.
ALTER TABLE credit_types DROP CONSTRAINT IF EXISTS credit_types_payment_type_check;
ALTER TABLE credit_types ADD CONSTRAINT credit_types_payment_type_check CHECK (payment_type IN ('paid', 'free', 'resource'));
INSERT INTO credit_types (id, name, payment_type, license_type) VALUES
  (100, 'Firmware upload', 'resource', 'firmware_upload'),
  (101, 'Backup upload', 'resource', 'backup_upload');

-- A firmware campaign is a task group with an image, a start, a daily maintenance window in the
-- company's time zone, and waves: a canary share first, then the rest in `wave_count` waves.
-- After each wave the failure rate is checked against the threshold; above it the group pauses
-- with its reason, and a user resumes or aborts it.
ALTER TABLE task_groups
  -- A finished campaign keeps its summary (version and file name) when its image is deleted.
  ADD COLUMN file_id integer REFERENCES files (id) ON DELETE SET NULL,
  ADD COLUMN starts_at timestamptz,
  -- Minutes after midnight; a window may wrap past midnight (22:00–04:00).
  ADD COLUMN window_start smallint CHECK (window_start BETWEEN 0 AND 1439),
  ADD COLUMN window_end smallint CHECK (window_end BETWEEN 0 AND 1439),
  ADD COLUMN time_zone text,
  ADD COLUMN canary_percent smallint CHECK (canary_percent BETWEEN 1 AND 50),
  ADD COLUMN wave_count smallint NOT NULL DEFAULT 1 CHECK (wave_count BETWEEN 1 AND 20),
  ADD COLUMN failure_threshold smallint CHECK (failure_threshold BETWEEN 1 AND 100),
  ADD COLUMN current_wave smallint NOT NULL DEFAULT 0,
  ADD COLUMN paused_reason text;
CREATE INDEX task_groups_file_idx ON task_groups (file_id) WHERE file_id IS NOT NULL;

-- Wave 0 is the canary (or the whole group when there are no waves).
ALTER TABLE tasks ADD COLUMN wave smallint NOT NULL DEFAULT 0;

-- A company's time zone: its maintenance windows are in it.
ALTER TABLE companies ADD COLUMN time_zone text NOT NULL DEFAULT 'UTC';
