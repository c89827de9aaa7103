import type { ConfigTree, ConfigValue } from '@fleetport/contracts/device-config';
import type { TFunction } from 'i18next';
import {
  KINDS,
  type Kind,
  knownValue,
  optionLabel,
  REPEATED_SECTIONS,
  SECTION_OPTIONS,
  sectionKind,
  sectionTitle,
  valueText,
} from '../../../shared/config/config-sections.ts';

/**
 * The Configuration tab's view of a device's tree (issue 22): each section a titled card, each
 * option a label and a value, in words from `shared/config/config-sections.ts` (which Configure
 * devices shares).
 */

export interface ShownOption {
  name: string;
  label: string;
  value: string;
}
export interface ShownSection {
  name: string;
  /** Its kind, when the console knows it (and has a form for it). */
  kind?: Kind;
  title: string;
  options: ShownOption[];
}

/** The lowest free index of a repeated section (`firewall.redirect3`), or undefined when all are taken. */
export function freeSection(tree: ConfigTree, kind: keyof typeof REPEATED_SECTIONS): string | undefined {
  for (let index = 0; index < REPEATED_SECTIONS[kind]; index += 1) {
    if (!(`${kind}${index}` in tree)) return `${kind}${index}`;
  }
  return undefined;
}

/**
 * The tree as cards in the order people look for them (system, LAN, DHCP, mobile, Wi-Fi, port
 * forwards, NTP, remote access, monitoring, administrator, dynamic DNS), then the sections this
 * console does not know, by name; in each, the known options in order, then the others as they came.
 */
export function readableSections(t: TFunction, tree: ConfigTree): ShownSection[] {
  const rank = (name: string) => {
    const found = sectionKind(name);
    return found ? [KINDS.indexOf(found.kind), found.index] : [KINDS.length, 0];
  };
  const names = Object.keys(tree).sort((a, b) => {
    const [kindA = 0, indexA = 0] = rank(a);
    const [kindB = 0, indexB = 0] = rank(b);
    return kindA - kindB || indexA - indexB || (a < b ? -1 : a > b ? 1 : 0);
  });
  return names.map((name) => {
    const section = tree[name] ?? {};
    const found = sectionKind(name);
    if (!found) {
      const options = Object.entries(section).map(([option, value]) => ({
        name: option,
        label: option,
        value: valueText(t, option, value),
      }));
      return { name, title: name, options };
    }
    const { kind, index } = found;
    const known: readonly string[] = SECTION_OPTIONS[kind];
    const ordered = [
      ...known.filter((option) => option in section),
      ...Object.keys(section).filter((option) => !known.includes(option)),
    ];
    const options = ordered.map((option) => {
      const value = section[option] as ConfigValue;
      return known.includes(option)
        ? {
            name: option,
            label: optionLabel(t, kind, option),
            value: knownValue(t, kind, option, value, tree),
          }
        : { name: option, label: option, value: valueText(t, option, value) };
    });
    return { name, kind, title: sectionTitle(t, name, kind, index, section), options };
  });
}
