-- Company files (issue 3, uploads). The bytes live on disk in FILES_DIR, named by id; this row
-- is their truth: name, size and SHA-256 as received, and who uploaded them.

CREATE TABLE files (
  id serial PRIMARY KEY,
  company_id integer NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  name text NOT NULL,
  size bigint NOT NULL CHECK (size >= 0),
  sha256 text NOT NULL,
  mime_type text NOT NULL,
  description text,
  uploaded_by integer REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX files_company_idx ON files (company_id);
