-- Finding devices (spec §2 /management/devices): the list's search finds a device by its name,
-- serial, MAC address (in any notation), IMEI, WAN IP address, model or firmware, anywhere in
-- the value, case aside.

-- What the search looks in, as one text kept by PostgreSQL itself (a stored generated column):
-- the fields on their own lines (a term, which holds no line break, never matches across two),
-- the MAC address without separators (001E42AABBCC), so every notation of a term can be brought
-- to it, and the IMEI and WAN IP address of the latest readings in `state`.
-- A column rather than an index over the expression: an index that reads `state` would make
-- every telemetry reading (which rewrites `state`) a non-HOT update writing every index of the
-- row; the column's index is written only when the column's own value changes.
-- Adding it rewrites the table once (about a minute for a million devices).
ALTER TABLE devices ADD COLUMN search_text text NOT NULL GENERATED ALWAYS AS (
  name || E'\n' || serial || E'\n' || translate(mac, ':-.', '') || E'\n' ||
  coalesce(model, '') || E'\n' || coalesce(firmware, '') || E'\n' ||
  coalesce(state #>> '{static,data,imei}', '') || E'\n' ||
  coalesce(state #>> '{dynamic,data,wan_ip}', '')
) STORED;

-- Trigrams serve `search_text ILIKE '%term%'` for a term of three characters or more: a search
-- over a million devices reads the matching entries of the index, not the table. pg_trgm is a
-- trusted extension (PostgreSQL 13+): the database's owner may create it; PGlite loads it in
-- api/src/db/client.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX devices_search_idx ON devices USING gin (search_text gin_trgm_ops);
