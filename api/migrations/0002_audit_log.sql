-- The audit log: every write, who made it (and as whom, while impersonating), before and after.
-- Each row's hash covers its content and the previous row's hash, so an edited or deleted row
-- breaks the chain from that point on (see api/src/modules/audit/chain.ts).

CREATE TABLE audit_log (
  id bigserial PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  actor_user_id integer,
  user_id integer,
  company_id integer,
  action text NOT NULL,
  entity text NOT NULL,
  entity_id text,
  before jsonb,
  after jsonb,
  prev_hash text NOT NULL,
  hash text NOT NULL UNIQUE
);
CREATE INDEX audit_log_company_idx ON audit_log (company_id, id);
