-- Saved configurations and templates (issue 22; spec §2 Templates, Saved configurations): a
-- company's set of settings (sections and options, no secrets), shared down the company tree
-- like files. A device follows at most one template; it has drifted when the configuration it
-- last reported does not hold every setting of its template (`config @> sections` is false).
CREATE TABLE config_templates (
  id serial PRIMARY KEY,
  company_id integer NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  -- The model family it fits (RUT, TAP …); null: any device that has its sections.
  family text,
  -- {section: {option: value}}, checked by contracts/src/config-templates.ts.
  sections jsonb NOT NULL,
  created_by integer REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX config_templates_name_idx ON config_templates (company_id, lower(name));

CREATE TABLE device_templates (
  device_id integer PRIMARY KEY REFERENCES devices (id) ON DELETE CASCADE,
  template_id integer NOT NULL REFERENCES config_templates (id) ON DELETE CASCADE,
  assigned_by integer REFERENCES users (id) ON DELETE SET NULL,
  assigned_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX device_templates_template_idx ON device_templates (template_id);
