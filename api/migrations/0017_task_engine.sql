-- The task engine (issue 21, docs/adr/0003-task-engine.md). A task group is one user action over
-- many devices; a task is that action for one device, with the id the device acknowledges (the
-- command id of docs/device-protocol.md), so a task resent after a restart is recognised by the
-- device and never applied twice. The rows hold the state users see; pg-boss (its own schema)
-- holds the timers and hand-offs that move them: dispatch when a device says hello, retry with
-- backoff, expiry at the deadline.
CREATE TABLE task_groups (
  id serial PRIMARY KEY,
  action text NOT NULL,
  -- What the user asked for, in the action's words: the CLI command, the firmware version.
  summary text,
  -- The action's parameters every task of the group carries (the command to run).
  params jsonb NOT NULL DEFAULT '{}'::jsonb,
  state text NOT NULL DEFAULT 'running' CHECK (state IN ('scheduled', 'running', 'paused', 'finished', 'cancelled')),
  -- The company of the devices when they are all in one (the Task manager's company filter).
  company_id integer REFERENCES companies (id) ON DELETE SET NULL,
  created_by integer REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  -- Task ordering: queued groups are sent lowest first.
  position double precision NOT NULL,
  total integer NOT NULL,
  finished_at timestamptz
);
CREATE INDEX task_groups_created_idx ON task_groups (created_at DESC, id DESC);
CREATE INDEX task_groups_company_idx ON task_groups (company_id);

CREATE TABLE tasks (
  id uuid PRIMARY KEY,
  group_id integer NOT NULL REFERENCES task_groups (id) ON DELETE CASCADE,
  device_id integer NOT NULL REFERENCES devices (id) ON DELETE CASCADE,
  state text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'sent', 'in_progress', 'succeeded', 'failed', 'cancelled', 'expired')),
  progress integer,
  message text,
  attempts integer NOT NULL DEFAULT 0,
  -- A queued task is not sent before then (a retry's backoff).
  not_before timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
CREATE INDEX tasks_group_idx ON tasks (group_id, state);
-- A device's open tasks, read at each hello.
CREATE INDEX tasks_device_open_idx ON tasks (device_id) WHERE state IN ('queued', 'sent', 'in_progress');

-- Task logs: every change of a task's state, with the device's words.
CREATE TABLE task_logs (
  id bigserial PRIMARY KEY,
  task_id uuid NOT NULL REFERENCES tasks (id) ON DELETE CASCADE,
  at timestamptz NOT NULL DEFAULT now(),
  state text NOT NULL,
  progress integer,
  message text
);
CREATE INDEX task_logs_task_idx ON task_logs (task_id, id);
