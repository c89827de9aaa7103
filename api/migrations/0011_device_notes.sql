-- Device notes and the device custom box (issue 6; spec §2 dialogs "New note" and "Device custom box").

-- Notes people leave on a device; shown in its activity. The text is the author's: untrusted.
CREATE TABLE device_notes (
  id serial PRIMARY KEY,
  device_id integer NOT NULL REFERENCES devices (id) ON DELETE CASCADE,
  user_id integer REFERENCES users (id) ON DELETE SET NULL,
  body text NOT NULL CHECK (char_length(body) BETWEEN 1 AND 2000),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX device_notes_device_idx ON device_notes (device_id, id);

-- The custom box: a title and up to 20 labelled values the company keeps about the device
-- (site contact, cabinet, contract…), as {"title": …, "fields": [{"label": …, "value": …}]}.
ALTER TABLE devices ADD COLUMN custom jsonb;
