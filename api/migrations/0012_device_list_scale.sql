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

-- Statement-level, over the statement's transition tables: adding, deleting or moving 70,000
-- devices updates each company's row once, not once per device (70,000 updates of one row in one
-- transaction grow quadratically: each walks the versions the ones before it left). A device
-- update that does not move it (every telemetry reading) sums two one-row tables and changes
-- nothing: a few µs.
-- One function for both: the statement's added or removed devices are its table `changed`, and
-- the trigger's argument says whether they count up (+1) or down (-1).
CREATE FUNCTION devices_count_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE companies c SET device_count = c.device_count + TG_ARGV[0]::integer * n.count
    FROM (SELECT company_id, count(*) AS count FROM changed GROUP BY company_id) n WHERE c.id = n.company_id;
  RETURN NULL;
END
$$;
CREATE TRIGGER devices_count_added AFTER INSERT ON devices
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION devices_count_changed('1');
CREATE TRIGGER devices_count_removed AFTER DELETE ON devices
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION devices_count_changed('-1');

-- An UPDATE's before and after rows are the same devices, so each company's net change is its
-- count after less its count before: no join (a plan cached for the one-row tables of a reading
-- would make a join of two 5,000-row tables quadratic).
CREATE FUNCTION devices_count_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE companies c SET device_count = c.device_count + n.delta
    FROM (
      SELECT company_id, sum(delta) AS delta FROM (
        SELECT company_id, 1 AS delta FROM after_rows
        UNION ALL
        SELECT company_id, -1 FROM before_rows
      ) sides GROUP BY company_id HAVING sum(delta) <> 0
    ) n
    WHERE c.id = n.company_id;
  RETURN NULL;
END
$$;
-- (A trigger with transition tables cannot name columns: it fires on every update of devices.)
CREATE TRIGGER devices_count_moved AFTER UPDATE ON devices
  REFERENCING OLD TABLE AS before_rows NEW TABLE AS after_rows
  FOR EACH STATEMENT EXECUTE FUNCTION devices_count_moved();

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
