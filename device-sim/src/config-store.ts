import {
  CONFIG_SECTION_SCHEMAS,
  type ConfigReport,
  type ConfigSection,
  type ConfigSectionKind,
  type ConfigTree,
  configReportSchema,
  maskSecrets,
  REPEATED_SECTIONS,
  SECRET_MASK,
  SECRET_OPTIONS,
  sectionKind,
  sectionProblem,
} from '@fleetport/contracts/device-config';
import { PROTOCOL_VERSION } from '@fleetport/contracts/device-protocol';
import { configKindsOf, initialConfig } from './config-initial.ts';
import type { DeviceProfile } from './fleet.ts';

/**
 * A unit's configuration tree and its revision (docs/device-protocol.md "Configuration"). It
 * checks a change whole before anything changes (the contracts' `sectionProblem`, so a value
 * the console refuses the device refuses in the same words), and puts it in place at once, the
 * way `uci commit` does. Who changed it last is what its next report says.
 */
export type Outcome<T> = ({ ok: true } & T) | { ok: false; error: string };
/** Sections to change: the options given, a whole new repeated section, or null to remove one. */
export type ConfigChanges = Record<string, ConfigSection | null>;
export type ChangedBy = ConfigReport['by'];

export interface ConfigStore {
  readonly revision: number;
  readonly by: ChangedBy;
  /** The tree as the unit holds it, secrets and all: for the unit itself, never sent. */
  current(): ConfigTree;
  /** One section, or the whole tree, as it reads back: secrets masked. */
  read(section?: string): Outcome<{ values: ConfigSection } | { config: ConfigTree }>;
  /** The tree `changes` would make, or the first problem with them; nothing changes yet. */
  plan(changes: ConfigChanges): Outcome<{ next: ConfigTree }>;
  /** Puts a planned tree in place as one new revision; false (and no revision) when nothing differs. */
  apply(next: ConfigTree, by: ChangedBy): boolean;
  /** What the unit publishes on `config/report`. */
  report(): ConfigReport;
}

export function createConfigStore(profile: DeviceProfile): ConfigStore {
  let tree = ordered(initialConfig(profile));
  const kinds = configKindsOf(profile, tree);
  const fiveGhz = profile.hardware.bands.includes('5GHz');
  // The first report after the simulator starts says `boot`: the gateway learns the whole tree.
  let revision = 0;
  let by: ChangedBy = 'boot';
  const masked = () =>
    Object.fromEntries(Object.entries(tree).map(([name, section]) => [name, maskSecrets(section)]));

  /** What only this unit refuses: a band its radio lacks. */
  const unitProblem = (name: string, kind: ConfigSectionKind, section: ConfigSection) => {
    if (kind === 'wireless.ap' && section.band === '5' && !fiveGhz) {
      return `"${name}.band": this device has no 5 GHz radio`;
    }
    return undefined;
  };

  return {
    get revision() {
      return revision;
    },
    get by() {
      return by;
    },
    current: () => structuredClone(tree),
    read: (name) => {
      if (name === undefined) return { ok: true, config: masked() };
      const section = tree[name];
      if (!section) return { ok: false, error: `unknown section "${name}"` };
      return { ok: true, values: maskSecrets(section) };
    },
    plan: (changes) => {
      const next = structuredClone(tree);
      for (const [name, values] of Object.entries(changes)) {
        const kind = sectionKind(name);
        const existing = tree[name];
        // A section the unit has no hardware for is one it does not know (a modem's on a switch).
        if (!kind || (!existing && !kinds.has(kind)))
          return { ok: false, error: `unknown section "${name}"` };
        if (values === null) {
          if (REPEATED_SECTIONS[kind] === undefined)
            return { ok: false, error: `"${name}" cannot be removed` };
          if (!existing) return { ok: false, error: `unknown section "${name}"` };
          delete next[name];
          continue;
        }
        // A new repeated section comes whole; an existing one takes only the options given.
        const problem = sectionProblem(name, values, existing === undefined);
        if (problem) return { ok: false, error: problem };
        const section = { ...existing, ...keptSecrets(values, existing) };
        const refused = unitProblem(name, kind, section);
        if (refused) return { ok: false, error: refused };
        next[name] = section;
      }
      return { ok: true, next: ordered(next) };
    },
    apply: (next, changedBy) => {
      if (sameTree(tree, next)) return false;
      tree = ordered(structuredClone(next));
      revision += 1;
      by = changedBy;
      return true;
    },
    report: () => configReportSchema.parse({ v: PROTOCOL_VERSION, revision, by, config: masked() }),
  };
}

/** A secret written as the mask, or empty, keeps the one the unit has (contracts: SECRET_OPTIONS). */
function keptSecrets(values: ConfigSection, existing: ConfigSection | undefined): ConfigSection {
  return Object.fromEntries(
    Object.entries(values).map(([option, value]) =>
      SECRET_OPTIONS.has(option) && (value === SECRET_MASK || value === '')
        ? [option, existing?.[option] ?? '']
        : [option, value],
    ),
  );
}

const KIND_ORDER = Object.keys(CONFIG_SECTION_SCHEMAS);

/** Sections in the contracts' order, repeated ones by index: what `uci show` and reports list. */
function ordered(tree: ConfigTree): ConfigTree {
  const rank = (name: string) => {
    const kind = sectionKind(name) ?? name;
    const index = Number(name.slice(kind.length) || 0);
    return KIND_ORDER.indexOf(kind) * 100 + index;
  };
  return Object.fromEntries(Object.entries(tree).sort(([a], [b]) => rank(a) - rank(b)));
}

function sameTree(a: ConfigTree, b: ConfigTree): boolean {
  const names = Object.keys(a);
  if (names.length !== Object.keys(b).length) return false;
  return names.every((name) => {
    const left = a[name] ?? {};
    const right = b[name];
    if (!right || Object.keys(left).length !== Object.keys(right).length) return false;
    return Object.entries(left).every(([option, value]) => right[option] === value);
  });
}
