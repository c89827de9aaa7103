import {
  CONFIG_SECTION_SCHEMAS,
  type ConfigSection,
  type ConfigTree,
  type ConfigValue,
  maskSecrets,
  sectionKind,
  sectionProblem,
} from '@fleetport/contracts/device-config';
import type { ConfigChanges, ConfigStore, Outcome } from './config-store.ts';

/**
 * `uci` on the unit's shell: someone on site (or the console's `cli`) looks at the
 * configuration and changes it. `set` and `delete` stage a change, checked as it is typed;
 * `commit` applies every staged change at once (config-store.ts), a new revision reported
 * with `by: local`; `revert` drops them. Secrets show as the mask, as they read back anywhere.
 */
export type UciOutcome = Outcome<{ output: string; afterwards?: () => void }>;

export interface UciHost {
  config: ConfigStore;
  /** Applies a planned tree as a change made on the unit (device-config.ts `commitLocally`). */
  commit(next: ConfigTree): { revision: number; afterwards?: () => void };
}

const USAGE = [
  'usage: uci show [<section>]',
  '       uci get <section>.<option>',
  '       uci set <section>.<option>=<value>',
  '       uci delete <section>',
  '       uci changes | commit | revert',
].join('\n');

/** What `uci show` prints for each kind of section, as UCI names its section types. */
const SECTION_TYPES: Record<string, string> = {
  system: 'system',
  'network.lan': 'interface',
  'dhcp.lan': 'dhcp',
  'network.mobile': 'interface',
  'wireless.ap': 'wifi-iface',
  'firewall.redirect': 'redirect',
  ntp: 'timeserver',
  remote_access: 'service',
  monitoring: 'ping_reboot',
  'users.admin': 'user',
  ddns: 'service',
};

export function createUci(host: UciHost) {
  let staged: ConfigChanges = {};
  const fail = (error: string): UciOutcome => ({ ok: false, error });

  const show = (name?: string): UciOutcome => {
    const read = host.config.read(name);
    if (!read.ok) return fail(`uci: ${read.error}`);
    const tree = 'config' in read ? read.config : { [name ?? '']: read.values };
    return {
      ok: true,
      output: Object.entries(tree)
        .map(([section, values]) => lines(section, values))
        .join(''),
    };
  };

  const get = (path: string): UciOutcome => {
    const { section, option } = splitPath(path);
    const read = host.config.read(section);
    const value = read.ok && 'values' in read ? read.values[option] : undefined;
    if (value === undefined) return fail(`uci: entry not found: ${path}`);
    return { ok: true, output: `${uciValue(value)}\n` };
  };

  const set = (path: string, raw: string): UciOutcome => {
    const { section, option } = splitPath(path);
    const kind = sectionKind(section);
    if (!kind) return fail(`unknown section "${section}"`);
    const value = typed(kind, option, unquoted(raw));
    const pending = staged[section] ?? {};
    const problem = sectionProblem(section, { [option]: value });
    if (problem) return fail(problem);
    staged = { ...staged, [section]: { ...pending, [option]: value } };
    return { ok: true, output: '' };
  };

  const remove = (section: string): UciOutcome => {
    if (!sectionKind(section)) return fail(`unknown section "${section}"`);
    staged = { ...staged, [section]: null };
    return { ok: true, output: '' };
  };

  const changes = (): UciOutcome => ({
    ok: true,
    output: Object.entries(staged)
      .flatMap(([section, values]) =>
        values === null
          ? [`-${section}`]
          : Object.entries(maskSecrets(values)).map(
              ([option, value]) => `${section}.${option}='${uciValue(value)}'`,
            ),
      )
      .map((line) => `${line}\n`)
      .join(''),
  });

  const commit = (): UciOutcome => {
    if (Object.keys(staged).length === 0) return { ok: true, output: '' };
    const planned = host.config.plan(staged);
    // Refused as a whole, like the console's write; the staged changes wait for a fix or a revert.
    if (!planned.ok) return fail(`uci: commit refused: ${planned.error}`);
    staged = {};
    const { afterwards } = host.commit(planned.next);
    return { ok: true, output: '', afterwards };
  };

  /** `uci …` as typed; undefined when it is not a uci command at all. */
  return (command: string): UciOutcome | undefined => {
    const match = /^uci(?:\s+(\S+)(?:\s+(.*))?)?$/s.exec(command.trim());
    if (!match) return undefined;
    const [, verb, rest = ''] = match;
    const argument = rest.trim();
    switch (verb) {
      case 'show':
        return show(argument === '' ? undefined : argument);
      case 'get':
        return argument ? get(argument) : fail(USAGE);
      case 'set': {
        const assignment = /^([^=\s]+)=(.*)$/s.exec(argument);
        return assignment ? set(assignment[1] ?? '', assignment[2] ?? '') : fail(USAGE);
      }
      case 'delete':
        return argument ? remove(argument) : fail(USAGE);
      case 'changes':
        return changes();
      case 'commit':
        return commit();
      case 'revert':
        staged = {};
        return { ok: true, output: '' };
      default:
        return fail(USAGE);
    }
  };
}

function lines(section: string, values: ConfigSection): string {
  const type = SECTION_TYPES[sectionKind(section) ?? ''] ?? 'section';
  const options = Object.entries(values).map(
    ([option, value]) => `${section}.${option}='${uciValue(value)}'`,
  );
  return `${[`${section}=${type}`, ...options].join('\n')}\n`;
}

/** UCI writes yes/no as 1/0. */
function uciValue(value: ConfigValue): string {
  return typeof value === 'boolean' ? String(Number(value)) : String(value);
}

/** `network.lan.ipaddr` → section `network.lan`, option `ipaddr`. */
function splitPath(path: string): { section: string; option: string } {
  const dot = path.lastIndexOf('.');
  return dot < 0
    ? { section: path, option: '' }
    : { section: path.slice(0, dot), option: path.slice(dot + 1) };
}

function unquoted(raw: string): string {
  const match = /^(['"])(.*)\1$/s.exec(raw.trim());
  return match ? (match[2] ?? '') : raw.trim();
}

const BOOLEAN_WORDS: Record<string, boolean> = {
  '1': true,
  '0': false,
  true: true,
  false: false,
  on: true,
  off: false,
  yes: true,
  no: false,
};

/**
 * UCI holds text; the tree holds each option as its type. The contracts' schema says which:
 * asked to read a null, it says what it expected.
 */
function typed(kind: keyof typeof CONFIG_SECTION_SCHEMAS, option: string, raw: string): ConfigValue {
  const shape = CONFIG_SECTION_SCHEMAS[kind].shape as Record<string, { safeParse(value: unknown): unknown }>;
  const parsed = shape[option]?.safeParse(null) as
    | { error?: { issues: { code: string; expected?: string }[] } }
    | undefined;
  const issue = parsed?.error?.issues[0];
  const expected = issue?.code === 'invalid_type' ? issue.expected : undefined;
  if (expected === 'boolean') return BOOLEAN_WORDS[raw.toLowerCase()] ?? raw;
  if (expected === 'number' && /^-?\d+(?:\.\d+)?$/.test(raw)) return Number(raw);
  return raw;
}
