import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';

/** Keeps a sealed TOTP secret as the one being enrolled, until its first code confirms it. */
export async function setPendingTotpSecret(db: Db, userId: number, sealed: string): Promise<void> {
  await db.update(users).set({ totpPendingSecret: sealed }).where(eq(users.id, userId));
}

/** The sealed TOTP secret being enrolled (if any) and the MFA method in use; undefined for no such user. */
export async function pendingTotpOf(db: Db, userId: number) {
  const [user] = await db
    .select({ pending: users.totpPendingSecret, mfaType: users.mfaType })
    .from(users)
    .where(eq(users.id, userId));
  return user;
}

/** Switches a user to TOTP with this sealed secret, the code's step counting as used. */
export async function enableTotp(
  db: Db,
  userId: number,
  sealedSecret: string | null,
  step: number,
): Promise<void> {
  await db
    .update(users)
    .set({ mfaType: 'totp', totpSecret: sealedSecret, totpPendingSecret: null, totpLastStep: step })
    .where(eq(users.id, userId));
}

/** Switches a user to e-mail codes (`email`) or to no MFA (null); any TOTP secret is forgotten. */
export async function setMfaWithoutTotp(db: Db, userId: number, mfaType: 'email' | null): Promise<void> {
  await db
    .update(users)
    .set({ mfaType, totpSecret: null, totpPendingSecret: null, totpLastStep: null })
    .where(eq(users.id, userId));
}
