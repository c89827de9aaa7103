-- The devices list at a million devices (issue 6, bench part 9): what a tenant sees is decided on
-- the devices table itself, and totals that need no filter are kept rather than counted.

-- The company's materialised path, copied onto its devices, so "devices of this subtree" is one
-- index range on `devices` whose size the planner can estimate (through the companies join it
-- could not, and walked the whole name index for a small subtree). Triggers keep it true: a
-- device added or moved takes its company's path; a company moved hands its new path on.
ALTER TABLE devices ADD COLUMN company_path text NOT NULL DEFAULT '';
UPDATE devices d SET company_path = c.path FROM companies c WHERE c.id = d.company_id;

CREATE FUNCTION devices_take_company_path() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT path INTO NEW.company_path FROM companies WHERE id = NEW.company_id;
  RETURN NEW;
END
$$;
CREATE TRIGGER devices_take_company_path BEFORE INSERT OR UPDATE OF company_id ON devices
  FOR EACH ROW EXECUTE FUNCTION devices_take_company_path();

CREATE FUNCTION companies_hand_path_to_devices() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE devices SET company_path = NEW.path WHERE company_id = NEW.id;
  RETURN NULL;
END
$$;
CREATE TRIGGER companies_hand_path_to_devices AFTER UPDATE OF path ON companies
  FOR EACH ROW WHEN (OLD.path IS DISTINCT FROM NEW.path) EXECUTE FUNCTION companies_hand_path_to_devices();

-- How many devices each company holds (not its subsidiaries): the unfiltered list's total is a
-- sum over the visible companies instead of a count over their devices, and the companies list
-- reads it instead of grouping every device.
ALTER TABLE companies ADD COLUMN device_count integer NOT NULL DEFAULT 0;
UPDATE companies c SET device_count = n.count
  FROM (SELECT company_id, count(*) AS count FROM devices GROUP BY company_id) n WHERE n.company_id = c.id;

CREATE FUNCTION devices_keep_company_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE companies SET device_count = device_count - 1 WHERE id = OLD.company_id;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    UPDATE companies SET device_count = device_count + 1 WHERE id = NEW.company_id;
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER devices_keep_company_count AFTER INSERT OR DELETE OR UPDATE OF company_id ON devices
  FOR EACH ROW EXECUTE FUNCTION devices_keep_company_count();

-- text_pattern_ops: `company_path LIKE '1/4/%'` is an index range whatever the collation. A page
-- for a subtree picks its hundred ids first; with name and id in the index, that is an index-only
-- scan wherever the table is vacuumed (bench part 9: 3 ms for 10,000 devices, 18 ms from the heap).
CREATE INDEX devices_company_path_idx ON devices (company_path text_pattern_ops) INCLUDE (name, id);
-- The same for one company's devices (a company's Devices tab).
DROP INDEX devices_company_idx;
CREATE INDEX devices_company_idx ON devices (company_id, id) INCLUDE (name);
-- The console's first page sorts by name: for a caller who sees most of the fleet, the first
-- hundred are the first hundred entries of this index.
CREATE INDEX devices_name_idx ON devices (name, id);
