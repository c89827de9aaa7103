-- A task may carry a secret for its device (a new admin password: Password manager), sealed
-- with a key derived from the API's secret (AES-256-GCM). It is kept only while the task may
-- still be sent: the moment the task reaches a final state, the database forgets it, whichever
-- path ended it (done, failed, cancelled, expired).
ALTER TABLE tasks ADD COLUMN secret text;

CREATE FUNCTION tasks_forget_secret() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.state IN ('succeeded', 'failed', 'cancelled', 'expired') THEN
    NEW.secret := NULL;
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER tasks_forget_secret BEFORE UPDATE OF state ON tasks
  FOR EACH ROW EXECUTE FUNCTION tasks_forget_secret();
