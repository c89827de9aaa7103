import { describe, expect, it } from 'vitest';
import { MODEL_FAMILIES } from './device-protocol.ts';
import { FIRMWARE_FAMILIES, uploadFileSchema, uploadGlobalFirmwareSchema } from './files.ts';

/** Spec §2 Files, Global Firmware: the upload's fields, one definition for the console and the API. */
const sources = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
  (result.error?.issues ?? []).map((issue) => issue.path.join('.')).sort();

describe('file uploads', () => {
  it("firmware families are the device protocol's model families", () => {
    expect([...FIRMWARE_FAMILIES]).toEqual([...MODEL_FAMILIES]);
  });

  it('a file is of kind other unless told; its firmware fields are not asked for', () => {
    const parsed = uploadFileSchema.parse({ company_id: '3' });
    expect(parsed).toEqual({ company_id: 3, kind: 'other' });
  });

  it('a firmware needs its version and at least one family, named by field', () => {
    expect(sources(uploadFileSchema.safeParse({ company_id: 3, kind: 'firmware' }))).toEqual([
      'families',
      'version',
    ]);
    expect(sources(uploadGlobalFirmwareSchema.safeParse({ families: [] }))).toEqual(['families', 'version']);
    expect(sources(uploadGlobalFirmwareSchema.safeParse({ version: '7.9 beta', families: ['RUT'] }))).toEqual(
      ['version'],
    );
    expect(
      sources(uploadGlobalFirmwareSchema.safeParse({ version: 'a'.repeat(61), families: ['RUT'] })),
    ).toEqual(['version']);
  });

  it('takes the families as a list (multipart families[0]…) or as one comma-separated value, once each', () => {
    const list = uploadGlobalFirmwareSchema.parse({
      version: 'RUT_R_00.07.09',
      families: ['RUT', 'TRB', 'RUT'],
    });
    expect(list.families).toEqual(['RUT', 'TRB']);
    const comma = uploadGlobalFirmwareSchema.parse({ version: '1.0', families: ' TCR, TAP ,' });
    expect(comma.families).toEqual(['TCR', 'TAP']);
    expect(sources(uploadGlobalFirmwareSchema.safeParse({ version: '1.0', families: 'RUT,XYZ' }))).toEqual([
      'families.1',
    ]);
  });
});
