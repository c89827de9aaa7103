-- Take a backup (issue 22): a device uploads its configuration archive through its task's signed
-- link, and it is stored as a backup file of the device's company. The file remembers its device
-- (the device's backups list; kept, unlinked, when the device is deleted), the configuration
-- revision it holds and the task that took it.
ALTER TABLE files
  ADD COLUMN device_id integer REFERENCES devices (id) ON DELETE SET NULL,
  ADD COLUMN config_revision integer,
  ADD COLUMN task_id uuid REFERENCES tasks (id) ON DELETE SET NULL;
CREATE INDEX files_device_idx ON files (device_id, created_at DESC) WHERE device_id IS NOT NULL;
