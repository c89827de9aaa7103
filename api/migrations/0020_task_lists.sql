-- Execute task list (spec §2; issue 21 §2): a company saves a list of steps (refresh, a CLI
-- command, a firmware update, a reboot…) and runs it on a selection. A run is one task group
-- whose tasks are one per device and step: a device's next step is sent only once its previous
-- one succeeded, and a step that does not succeed leaves its later steps not run.
CREATE TABLE task_lists (
  id serial PRIMARY KEY,
  -- Its users and those of the companies below it may run it.
  company_id integer NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  name text NOT NULL,
  -- [{action, command?, file_id?}], checked by contracts/src/tasks.ts (taskListStepSchema).
  steps jsonb NOT NULL,
  created_by integer REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX task_lists_name_idx ON task_lists (company_id, lower(name));

-- A task says what it does (its group's action, or its step's in a task list) and its step.
-- A step after the first names the device's task of the step before (`after_task`): it is sent
-- only once that one has succeeded (one primary-key look-up per claim).
ALTER TABLE tasks ADD COLUMN action text, ADD COLUMN step smallint NOT NULL DEFAULT 0, ADD COLUMN after_task uuid;
UPDATE tasks SET action = task_groups.action FROM task_groups WHERE task_groups.id = tasks.group_id;
ALTER TABLE tasks ALTER COLUMN action SET NOT NULL;

-- The engine's own words as a code and values (contracts TASK_MESSAGE_CODES), so the console
-- says them in the user's language; `message` keeps them in English for logs and API clients.
ALTER TABLE tasks ADD COLUMN message_code text, ADD COLUMN message_args jsonb;
ALTER TABLE task_logs ADD COLUMN message_code text, ADD COLUMN message_args jsonb;
-- A health gate's reason as values: {wave, canary, failed, ended, threshold}.
ALTER TABLE task_groups ADD COLUMN paused_args jsonb;

-- The engine's sweep for silent tasks (sent without an answer, running without news) reads the
-- few tasks in flight by how long they have been quiet, instead of a queued timer per send.
CREATE INDEX tasks_in_flight_idx ON tasks (updated_at) WHERE state IN ('sent', 'in_progress');
