-- Announcements (issue 4): a super admin's notice to every user of a company, or of its whole
-- subtree (maintenance windows, policy changes). Each recipient gets an ordinary notification;
-- this row is the sender's record of what went out, when, and to how many users.
CREATE TABLE announcements (
  id serial PRIMARY KEY,
  company_id integer NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  summary text NOT NULL,
  include_subsidiaries boolean NOT NULL,
  recipients integer NOT NULL CHECK (recipients >= 0),
  sent_by integer REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX announcements_company_idx ON announcements (company_id);
