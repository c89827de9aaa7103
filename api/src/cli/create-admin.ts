import { parseArgs } from 'node:util';
import { pino } from 'pino';
import { readConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { ensureBuiltInRoles } from '../seed/built-in-roles.ts';
import { createFirstAdmin } from '../seed/first-admin.ts';

/**
 * `npm run create-admin -- --email you@example.com [--company "Example Ltd"]`: the first
 * System Administrator of an install that runs without the demo world. The password comes
 * from ADMIN_PASSWORD or is generated and printed once. With PGlite (no DATABASE_URL), stop
 * the API first: one data folder serves one process.
 */
const usage = 'usage: npm run create-admin -- --email <address> [--company <root company name>]';
let values: { email?: string | undefined; company?: string | undefined };
try {
  ({ values } = parseArgs({ options: { email: { type: 'string' }, company: { type: 'string' } } }));
} catch (error) {
  process.stderr.write(`${(error as Error).message}\n${usage}\n`);
  process.exit(2);
}
if (!values.email || !/^[^\s@]+@[^\s@]+$/.test(values.email)) {
  process.stderr.write(`An e-mail address is required.\n${usage}\n`);
  process.exit(2);
}
const password = process.env.ADMIN_PASSWORD;
if (password !== undefined && password.length < 10) {
  process.stderr.write('ADMIN_PASSWORD must be at least 10 characters.\n');
  process.exit(2);
}

const config = readConfig();
const log = pino({ level: 'warn' });
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, log });
try {
  await migrate(database, log);
  await database.exclusive(() => ensureBuiltInRoles(database.db));
  const admin = await createFirstAdmin(database.db, {
    email: values.email,
    companyName: values.company ?? 'Fleetport',
    password,
  });
  process.stdout.write(
    `System Administrator ${admin.email} created in ${admin.companyName} (#${admin.companyId}).\n${
      admin.generatedPassword
        ? `Password (generated, shown once): ${admin.generatedPassword}\n`
        : 'Password: the value of ADMIN_PASSWORD.\n'
    }${config.MFA_REQUIRED ? 'MFA is required: the console asks to set it up at the first sign-in.\n' : ''}`,
  );
} catch (error) {
  process.stderr.write(`create-admin: ${(error as Error).message}\n`);
  process.exitCode = 1;
} finally {
  await database.close();
}
