import type { ConfigSection, ConfigValue } from '@fleetport/contracts/device-config';
import type { TFunction } from 'i18next';
import {
  KINDS,
  knownValue,
  optionLabel,
  SECTION_OPTIONS,
  sectionKind,
  sectionTitle,
} from './config-sections.ts';

/**
 * Saved configurations and templates in words (issue 22): what a template sets, and what a
 * drifted device holds against it, for the Device configuration page and the device page's
 * Configuration tab. Zod-free like `config-sections.ts`, whose words it uses. Strings:
 * `device.config` and `device.templates`.
 */

/** A setting people read: 'Time (NTP): Server'; a section the console does not know keeps its name. */
export function settingText(t: TFunction, section: string, option: string): string {
  const known = sectionKind(section);
  if (!known) return `${section}.${option}`;
  return `${sectionTitle(t, section, known.kind, known.index)}: ${optionLabel(t, known.kind, option)}`;
}

/** A value of a setting in words ('5 GHz', 'Yes'); none at all (the device lacks it) says so. */
export function settingValue(
  t: TFunction,
  section: string,
  option: string,
  value: ConfigValue | null,
): string {
  if (value === null) return t('device.templates.noValue');
  const known = sectionKind(section);
  return known ? knownValue(t, known.kind, option, value) : String(value);
}

/** Where a section comes: in the order the Configuration tab shows them (a Wi-Fi network by its number), unknown ones last by name. */
function sectionRank(name: string): [number, number] {
  const known = sectionKind(name);
  return known ? [KINDS.indexOf(known.kind), known.index] : [KINDS.length, 0];
}

/** Section names in the order people look for them (a stored template keeps no order). */
export function sectionOrder(a: string, b: string): number {
  const [kindA, indexA] = sectionRank(a);
  const [kindB, indexB] = sectionRank(b);
  return kindA - kindB || indexA - indexB || a.localeCompare(b);
}

/** A section's options in its form's order (unknown ones last, as they came). */
export function optionsInOrder(name: string, options: readonly string[]): string[] {
  const known = sectionKind(name);
  const order: readonly string[] = known ? SECTION_OPTIONS[known.kind] : [];
  const rank = (option: string) => (order.includes(option) ? order.indexOf(option) : order.length);
  return [...options].sort((a, b) => rank(a) - rank(b));
}

/**
 * What a template sets, section by section: 'Time (NTP): Enabled, Server · LAN: Netmask', in the
 * order of the Configuration tab's sections and of each section's options.
 */
export function sectionsText(t: TFunction, sections: Readonly<Record<string, ConfigSection>>): string {
  return Object.keys(sections)
    .sort(sectionOrder)
    .map((name) => {
      const known = sectionKind(name);
      const title = known ? sectionTitle(t, name, known.kind, known.index, sections[name]) : name;
      const options = optionsInOrder(name, Object.keys(sections[name] ?? {})).map((option) =>
        known ? optionLabel(t, known.kind, option) : option,
      );
      return options.length > 0 ? `${title}: ${options.join(', ')}` : title;
    })
    .join(' · ');
}
