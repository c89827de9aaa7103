/**
 * A small seeded random source. The fleet must come out the same for the same seed, so nothing
 * here touches Math.random; secrets are the one thing that must not be derived from a seed, and
 * they come from node:crypto instead (fleet-manifest.ts).
 */
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number;
  float(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** Picks by weight: `[['LTE', 80], ['GSM', 5]]`. */
  weighted<T>(entries: readonly (readonly [T, number])[]): T;
}

/** mulberry32: 32 bits of state, fast, and good enough for simulated readings. */
export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const pick = <T>(items: readonly T[]): T => {
    if (items.length === 0) throw new RangeError('cannot pick from an empty list');
    return items[Math.floor(next() * items.length)] as T;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    float: (min, max) => min + next() * (max - min),
    chance: (probability) => next() < probability,
    pick,
    weighted: (entries) => {
      const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
      let roll = next() * total;
      for (const [item, weight] of entries) {
        roll -= weight;
        if (roll < 0) return item;
      }
      return pick(entries)[0];
    },
  };
}

/** Mixes numbers into one 32-bit seed (murmur3's finaliser), so device 7 of seed 1 has its own stream. */
export function mixSeed(...parts: number[]): number {
  let hash = 0x9e3779b9;
  for (const part of parts) {
    hash = Math.imul(hash ^ (part >>> 0), 0x85ebca6b);
    hash ^= hash >>> 13;
    hash = Math.imul(hash, 0xc2b2ae35);
    hash ^= hash >>> 16;
  }
  return hash >>> 0;
}

/** A value that wanders within bounds and drifts back toward its centre, like a real reading. */
export function walk(
  random: Random,
  value: number,
  bounds: { min: number; max: number; step: number },
): number {
  const centre = (bounds.min + bounds.max) / 2;
  const pull = (centre - value) * 0.05;
  const next = value + pull + (random.next() * 2 - 1) * bounds.step;
  return Math.min(bounds.max, Math.max(bounds.min, next));
}
