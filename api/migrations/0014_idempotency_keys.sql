-- Idempotency keys: a write sent again with the same Idempotency-Key header (a retry after a
-- timeout, a second click on a form whose first answer never came) is answered with the first
-- answer instead of being applied twice. Only successful answers are kept: a refused write
-- changed nothing and may run again. Rows older than 24 hours no longer count and are pruned.
CREATE TABLE idempotency_keys (
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  key text NOT NULL,
  -- The method, path and body the key was first used for: the same key with another request
  -- is refused rather than answered with an unrelated answer.
  fingerprint text NOT NULL,
  -- NULL while the first request runs.
  status smallint,
  response jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, key)
);
CREATE INDEX idempotency_keys_created_idx ON idempotency_keys (created_at);
