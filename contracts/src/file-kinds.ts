/**
 * The vocabulary of files (spec §2 "Files", "Global Firmware"; §9 credit resource types), without
 * zod: the console's file pages import it at run time, and their chunks stay free of zod. The
 * request and answer schemas are in `files.ts`, which re-exports these.
 */

/** What a file is for. Only firmware may be global (the catalogue every company sees). */
export const FILE_KINDS = ['firmware', 'backup', 'configuration', 'other'] as const;
export type FileKind = (typeof FILE_KINDS)[number];

/**
 * The model families a firmware image fits: the same list as `MODEL_FAMILIES` of the device
 * protocol (a test keeps them equal), here without the protocol's zod.
 */
export const FIRMWARE_FAMILIES = ['RUT', 'TRB', 'TCR', 'TAP', 'TSW', 'OTD'] as const;

/** A firmware version: letters, digits, dots, underscores and dashes (`RUT2_R_00.07.09`). */
export const FIRMWARE_VERSION_MAX_LENGTH = 60;
export const FIRMWARE_VERSION_PATTERN = /^[A-Za-z0-9._-]*$/;
export const RELEASE_NOTES_MAX_LENGTH = 5000;
export const FILE_DESCRIPTION_MAX_LENGTH = 500;
/** The most companies one file is shared with (File permissions). */
export const FILE_SHARES_MAX = 500;

/**
 * Spec §9: credit resource types 100 (Firmware upload) and 101 (Backup upload). Storing a file
 * of these kinds in a company spends one of the company's credits of that type.
 */
export const FILE_CREDIT_TYPES: Readonly<Partial<Record<FileKind, { id: number; name: string }>>> = {
  firmware: { id: 100, name: 'Firmware upload' },
  backup: { id: 101, name: 'Backup upload' },
};

/** The message of an upload refused for want of credits (spec §9 resource types). */
export const noFileCreditsMessage = (typeName: string) =>
  `The company has no ${typeName} credits left: add some under Credits.`;
