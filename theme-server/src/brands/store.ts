import type { BrandIssue } from '@fleetport/contracts/brand';
import type { BrandSet } from './brand-set.ts';

/** An image to store beside a brand's brand.json. */
export interface BrandImageUpload {
  readonly kind: 'logo' | 'favicon';
  readonly extension: '.svg' | '.png' | '.ico' | '.webp';
  readonly bytes: Buffer;
}

/** Why a write was refused: the brand is missing, clashes with another one, or is invalid. */
export type StoreRefusal = 'not_found' | 'conflict' | 'invalid';

export type StoreWriteResult = { ok: true } | { ok: false; reason: StoreRefusal; issues: BrandIssue[] };

/**
 * Where brands live. The edge reads `current()` on every request (a synchronous, immutable
 * snapshot) and never waits on the store. Implementations: the folder store (`themes/`, the
 * default) and, for several edge replicas, a shared store (see README: PostgreSQL rows plus
 * LISTEN/NOTIFY) with the same contract.
 *
 * Contract:
 * - `current()` always returns a valid set: exactly one default brand, unique hosts.
 * - A write or an outside change that would make the set invalid is rejected with issues
 *   (writes) or a logged error (outside edits), and the previous version keeps being served.
 * - Subscribers hear of every accepted change; an accepted change is visible within 1 s on
 *   every replica.
 */
export interface BrandStore {
  start(): Promise<void>;
  current(): BrandSet;
  subscribe(listener: (set: BrandSet) => void): () => void;
  /** Checks a brand.json document as if it were saved, without saving it. */
  validate(raw: unknown): Promise<BrandIssue[]>;
  /** Creates or replaces a brand; images missing on create are taken from the default brand. */
  put(raw: unknown, options: { create: boolean }): Promise<StoreWriteResult>;
  putImage(id: string, upload: BrandImageUpload): Promise<StoreWriteResult>;
  remove(id: string): Promise<StoreWriteResult>;
  close(): Promise<void>;
}
