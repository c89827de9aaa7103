import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { deviceIdentities, devices } from '../../db/schema.ts';
import type { ApiDeps } from '../../deps.ts';
import { type ApiError, tooManyRequests } from '../../http/errors.ts';
import type { AuthContext } from '../auth/context.ts';
import { type Limit, reserve } from '../auth/rate-limit.ts';

/**
 * One answer for every failed claim, whatever the cause (serial and MAC never claim alone, and
 * no one may learn which devices exist or are taken): so it lists every cause to check.
 */
export const NOT_CLAIMABLE =
  'This device cannot be added. Check that the serial number and MAC address are typed as on the label, ' +
  'that the manufacturer has registered the device (Approved Devices), and that it is not already in a ' +
  'company: a device in use must be removed from its company first.';

/** The 429, and the answer of a row left unchecked once the limit is reached. */
export const CLAIM_LIMITED = 'Too many devices could not be added. Try again later.';

/** A company may fail this many times a user's limit: colleagues who mistype do not stop each other. */
const COMPANY_FACTOR = 3;

/** What `ClaimAttempts.attempt` answers when the limit stopped the claim before it was checked. */
export const LIMITED: unique symbol = Symbol('claim limit reached');

/**
 * Claim guessing (the class of Teltonika RMS CVE-2023-32346): each serial and MAC checked
 * against the approved identities counts against the caller (CLAIM_MAX_ATTEMPTS per
 * CLAIM_WINDOW_S) and the caller's company (three times that) before it is checked, so parallel
 * requests cannot slip past; a claim that succeeds is taken back. Only failures count, so an
 * operator adding hundreds of real devices from a file is never stopped, and a few typos leave
 * the right device to be claimed at once. The refused claims of a request go to the audit log.
 */
export class ClaimAttempts {
  private readonly deps: Pick<ApiDeps, 'claimFailures' | 'config' | 'audit'>;
  private readonly auth: AuthContext;
  private readonly route: string;
  private readonly refused: { serial: string; mac: string }[] = [];
  /** Seconds until the limit that stopped this request ends, once one has. */
  private wait: number | undefined;
  /** Claims of this request checked so far. */
  checked = 0;

  constructor(deps: Pick<ApiDeps, 'claimFailures' | 'config' | 'audit'>, auth: AuthContext, route: string) {
    this.deps = deps;
    this.auth = auth;
    this.route = route;
  }

  private get limits(): Limit[] {
    const max = this.deps.config.CLAIM_MAX_ATTEMPTS;
    return [
      [`user:${this.auth.userId}`, max],
      [`company:${this.auth.companyId}`, max * COMPANY_FACTOR],
    ];
  }

  /** Checks one claim within the limits: its result, undefined when it failed, or LIMITED. */
  async attempt<T>(
    claim: { serial: string; mac: string },
    check: () => Promise<T | undefined>,
  ): Promise<T | undefined | typeof LIMITED> {
    if (this.wait === undefined) this.wait = await reserve(this.deps.claimFailures, this.limits);
    if (this.wait !== undefined) return LIMITED;
    this.checked += 1;
    const result = await check();
    if (result === undefined) this.refused.push({ serial: claim.serial, mac: claim.mac });
    else await Promise.all(this.limits.map(([key]) => this.deps.claimFailures.forgive(key)));
    return result;
  }

  /** The 429 (with Retry-After) for a request stopped by the limit. */
  tooMany(): ApiError {
    return tooManyRequests(CLAIM_LIMITED, this.wait ?? 1);
  }

  /** One audit entry for the request's refused claims, if it had any (none for a bare 429). */
  async audit(): Promise<void> {
    if (this.refused.length === 0) return;
    await this.deps.audit.append({
      actorUserId: this.auth.actorUserId,
      userId: this.auth.userId,
      companyId: this.auth.companyId,
      action: 'device claims refused',
      event: 'device.claims_refused',
      entity: 'device',
      entityId: undefined,
      before: undefined,
      after: {
        route: this.route,
        refused: this.refused.length,
        limit_reached: this.wait !== undefined,
        devices: this.refused,
      },
    });
  }
}

export interface Claim {
  serial: string;
  mac: string;
  name?: string | undefined;
  description?: string | undefined;
}

/**
 * Whether an approved identity with this serial and MAC is free to join a company. The caller
 * learns yes or no only: an unknown serial, another MAC and an already claimed device look alike.
 */
export async function claimable(db: Db, claim: Pick<Claim, 'serial' | 'mac'>): Promise<number | undefined> {
  const [identity] = await db
    .select({ id: deviceIdentities.id, mac: deviceIdentities.mac, claimed: devices.id })
    .from(deviceIdentities)
    .leftJoin(devices, eq(devices.identityId, deviceIdentities.id))
    .where(eq(deviceIdentities.serial, claim.serial));
  return identity && identity.mac === claim.mac && identity.claimed === null ? identity.id : undefined;
}

/** Adds an approved device to a company (spec §5 Add device); undefined when it cannot be claimed. */
export async function claimDevice(db: Db, companyId: number, claim: Claim): Promise<number | undefined> {
  const identityId = await claimable(db, claim);
  if (identityId === undefined) return undefined;
  const inserted = await db
    .insert(devices)
    .values({
      companyId,
      identityId,
      serial: claim.serial,
      mac: claim.mac,
      name: claim.name ?? claim.serial,
      description: claim.description ?? null,
    })
    .onConflictDoNothing()
    .returning({ id: devices.id });
  return inserted[0]?.id;
}
