-- Update history (issue 6; spec §2 dialog "View update history"): every firmware a device came
-- back on, with the version it ran before. The gateway writes a row when a hello names another
-- firmware than the device's last one (the first hello has no "from"), whether the update came
-- from the console or was made on the device itself.
CREATE TABLE device_firmware_history (
  id bigserial PRIMARY KEY,
  device_id integer NOT NULL REFERENCES devices (id) ON DELETE CASCADE,
  from_version text,
  to_version text NOT NULL,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX device_firmware_history_device_idx ON device_firmware_history (device_id, id);

-- Devices that connected before this migration start their history with the firmware they run.
INSERT INTO device_firmware_history (device_id, from_version, to_version, at)
  SELECT id, NULL, firmware, coalesce(first_seen_at, created_at) FROM devices WHERE firmware IS NOT NULL;
