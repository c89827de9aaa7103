-- Set unique (issue 22, spec §2 Multi-config): a configuration change for many devices where
-- some values differ per device (a host name, a LAN address). A task keeps its device's own
-- part of the change here, in the open (secrets masked; the secrets themselves stay sealed in
-- `secret`); the group keeps what every device gets.
ALTER TABLE tasks ADD COLUMN params jsonb;
