import { randomBytes } from 'node:crypto';
import { FILE_CREDIT_TYPES } from '@fleetport/contracts/file-kinds';
import { BUILT_IN_ROLE_BY_NAME, type BuiltInRoleName } from '@fleetport/contracts/roles';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { companies, notifications, rolePermissions, roles, settings, tags, users } from '../db/schema.ts';
import { hashPassword } from '../modules/auth/passwords.ts';
import { insertCompany } from '../modules/companies/tree.ts';
import { changeBalance } from '../modules/credits/balances.ts';
import { lowCreditNotice } from '../modules/credits/queries.ts';

const MARKER = 'demo_world';
const VERSION = '1';

interface DemoCompany {
  key: string;
  name: string;
  parent?: string;
  showPayment?: boolean;
}

/** Fleetport → Acme Networks (reseller) → Acme East / Acme West → Acme East Retail; Northwind. */
const COMPANIES: DemoCompany[] = [
  { key: 'fleetport', name: 'Fleetport' },
  { key: 'acme', name: 'Acme Networks', parent: 'fleetport', showPayment: true },
  { key: 'acme-east', name: 'Acme East', parent: 'acme' },
  { key: 'acme-west', name: 'Acme West', parent: 'acme' },
  { key: 'acme-east-retail', name: 'Acme East Retail', parent: 'acme-east' },
  { key: 'northwind', name: 'Northwind Logistics', parent: 'fleetport', showPayment: true },
];

interface DemoUser {
  email: string;
  username: string;
  company: string;
  role: BuiltInRoleName | 'field_technician';
  country: string;
}

export const DEMO_USERS: DemoUser[] = [
  {
    email: 'super@fleetport.example',
    username: 'Sam Super',
    company: 'fleetport',
    role: 'super_admin',
    country: 'LT',
  },
  {
    email: 'support@fleetport.example',
    username: 'Sofia Support',
    company: 'fleetport',
    role: 'support',
    country: 'LT',
  },
  { email: 'admin@acme.example', username: 'Ada Admin', company: 'acme', role: 'admin', country: 'US' },
  {
    email: 'advanced@acme.example',
    username: 'Ari Advanced',
    company: 'acme',
    role: 'readonly_admin',
    country: 'US',
  },
  { email: 'user@acme.example', username: 'Uma User', company: 'acme', role: 'end_user', country: 'US' },
  { email: 'guest@acme.example', username: 'Gus Guest', company: 'acme', role: 'read_only', country: 'US' },
  {
    email: 'east.admin@acme.example',
    username: 'Eve East',
    company: 'acme-east',
    role: 'admin',
    country: 'US',
  },
  {
    email: 'tech@acme.example',
    username: 'Tom Technician',
    company: 'acme-west',
    role: 'field_technician',
    country: 'CA',
  },
  {
    email: 'admin@northwind.example',
    username: 'Nora Northwind',
    company: 'northwind',
    role: 'admin',
    country: 'JP',
  },
  {
    email: 'user@northwind.example',
    username: 'Ken Driver',
    company: 'northwind',
    role: 'end_user',
    country: 'JP',
  },
];

export interface SeedResult {
  seeded: boolean;
  /** Set when this call chose the password (first seeding without DEMO_PASSWORD). */
  generatedPassword: string | undefined;
  logins: { email: string; role: string; company: string }[];
}

/** The logins for the start-up summary, with each role's name as the console shows it. */
/** Acme's paid device credits in the demo: under the low-credit threshold, so the bell warns. */
const DEMO_LOW_CREDIT = { type: { id: 2, name: 'Paid Device Management' }, amount: 3 } as const;

/** Spec §9 resource credits each demo company starts with: firmware (type 100) and backup (101) uploads. */
const DEMO_FILE_CREDITS = [
  { typeId: FILE_CREDIT_TYPES.firmware?.id as number, amount: 20 },
  { typeId: FILE_CREDIT_TYPES.backup?.id as number, amount: 50 },
] as const;

const logins = () =>
  DEMO_USERS.map((user) => ({
    email: user.email,
    role:
      user.role === 'field_technician'
        ? 'Field Technician'
        : (BUILT_IN_ROLE_BY_NAME.get(user.role)?.title ?? user.role),
    company: COMPANIES.find((company) => company.key === user.company)?.name ?? user.company,
  }));

/**
 * Seeds the demo world into an empty store, once (a marker row makes it idempotent). With
 * DEMO_PASSWORD on a later start, the demo users' passwords are set to it, so a lost generated
 * password is one restart away.
 */
export async function seedDemoWorld(db: Db, demoPassword: string | undefined): Promise<SeedResult> {
  const [marker] = await db.select().from(settings).where(eq(settings.key, MARKER));
  if (marker) {
    if (demoPassword) {
      const passwordHash = await hashPassword(demoPassword);
      await db
        .update(users)
        .set({ passwordHash })
        .where(
          inArray(
            users.email,
            DEMO_USERS.map((user) => user.email),
          ),
        );
    }
    return { seeded: false, generatedPassword: undefined, logins: logins() };
  }
  const [existing] = await db.select({ n: sql<number>`count(*)::int` }).from(companies);
  if ((existing?.n ?? 0) > 0) {
    // A store with real data is never mixed with demo data.
    return { seeded: false, generatedPassword: undefined, logins: [] };
  }
  const generatedPassword = demoPassword ? undefined : randomBytes(12).toString('base64url');
  const passwordHash = await hashPassword(demoPassword ?? (generatedPassword as string));

  await db.transaction(async (tx) => {
    const ids = new Map<string, { id: number; path: string; depth: number }>();
    for (const company of COMPANIES) {
      const parent = company.parent ? ids.get(company.parent) : undefined;
      ids.set(
        company.key,
        await insertCompany(tx, { name: company.name, parent, showPayment: company.showPayment ?? false }),
      );
    }
    const companyId = (key: string) => ids.get(key)?.id as number;

    const [technician] = await tx
      .insert(roles)
      .values({
        name: 'field_technician',
        title: 'Field Technician',
        description: 'Installs and services devices on site for Acme Networks.',
        companyId: companyId('acme'),
        scope: 'subtree',
      })
      .returning();
    if (!technician) throw new Error('role insert returned nothing');
    await tx
      .insert(rolePermissions)
      .values(
        [
          'view_devices',
          'manage_devices',
          'view_device_remote_access',
          'use_device_remote_access',
          'view_tags',
          'view_companies',
        ].map((permission) => ({ roleId: technician.id, permission })),
      );

    const verified = new Date();
    const inserted = await tx
      .insert(users)
      .values(
        DEMO_USERS.map((user) => ({
          email: user.email,
          username: user.username,
          passwordHash,
          companyId: companyId(user.company),
          roleId:
            user.role === 'field_technician'
              ? technician.id
              : (BUILT_IN_ROLE_BY_NAME.get(user.role)?.id as number),
          emailVerifiedAt: verified,
          countryIsoCode: user.country,
        })),
      )
      .returning({ id: users.id, email: users.email });

    await tx.insert(tags).values([
      {
        companyId: companyId('acme'),
        name: 'Rooftop',
        description: 'Units on building roofs',
        color: '#e8710a',
      },
      { companyId: companyId('acme'), name: 'Warehouse', description: null, color: '#1a73e8' },
      {
        companyId: companyId('acme-east'),
        name: 'Retail POS',
        description: 'Point-of-sale backhaul',
        color: '#188038',
      },
      {
        companyId: companyId('northwind'),
        name: 'Trucks',
        description: 'Vehicle routers with GPS',
        color: '#a142f4',
      },
    ]);

    const adminOf = (email: string) => inserted.find((user) => user.email === email)?.id as number;
    // Acme runs low on paid device credits: a real balance, and the bell's notice built from it
    // by the same function as a live one (the company page and the bell say the same number).
    const low = await changeBalance(tx as unknown as Db, {
      companyId: companyId('acme'),
      creditTypeId: DEMO_LOW_CREDIT.type.id,
      delta: DEMO_LOW_CREDIT.amount,
      reason: 'pool',
      actorUserId: null,
    });
    for (const company of COMPANIES) {
      for (const credit of DEMO_FILE_CREDITS) {
        await changeBalance(tx as unknown as Db, {
          companyId: companyId(company.key),
          creditTypeId: credit.typeId,
          delta: credit.amount,
          reason: 'pool',
          actorUserId: null,
        });
      }
    }
    const notice = lowCreditNotice(
      low,
      DEMO_LOW_CREDIT.type.name,
      COMPANIES.find((company) => company.key === 'acme')?.showPayment ?? false,
    );
    await tx.insert(notifications).values([
      { userId: adminOf('admin@acme.example'), ...notice },
      {
        userId: adminOf('admin@northwind.example'),
        type: 'deviceAlert',
        summary: 'Truck router RUT241 #12 has been offline for 2 hours.',
        data: { company_id: companyId('northwind') },
      },
    ]);
    await tx.insert(settings).values({ key: MARKER, value: VERSION });
  });
  return { seeded: true, generatedPassword, logins: logins() };
}
