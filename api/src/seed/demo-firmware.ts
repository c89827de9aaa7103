import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { files, users } from '../db/schema.ts';

/** The demo catalogue: one image per family group, newer than any the simulated fleet runs. */
const DEMO_IMAGES = [
  { name: 'RUT_R_00.07.10.bin', version: '00.07.10', families: ['RUT', 'TCR'], sizeKb: 2048 },
  { name: 'TRB_R_00.07.10.bin', version: '00.07.10', families: ['TRB', 'OTD'], sizeKb: 1536 },
  { name: 'TSW_R_00.07.10.bin', version: '00.07.10', families: ['TSW', 'TAP'], sizeKb: 1024 },
] as const;

const NOTES = `Security fixes, a faster mobile connection after a SIM switch, and corrected
time-zone handling in the scheduler. Demo image: the simulated devices install it.`;

/** An image's bytes: the same on every machine (so is its SHA-256), incompressible like real firmware. */
function imageBytes(name: string, sizeKb: number): Buffer {
  const blocks: Buffer[] = [];
  let seed = createHash('sha256').update(name).digest();
  for (let at = 0; at < sizeKb * 1024; at += seed.length) {
    seed = createHash('sha256').update(seed).digest();
    blocks.push(seed);
  }
  return Buffer.concat(blocks).subarray(0, sizeKb * 1024);
}

/**
 * The demo's global firmware catalogue (issue 21 §3): a newcomer can run a firmware campaign on
 * the simulated fleet at once. Added once, by name; an image an operator deleted is not put back
 * while another of its name exists.
 */
export async function seedDemoFirmware(db: Db, filesDir: string): Promise<number> {
  let added = 0;
  // Uploaded by the platform's administrator, as an operator would have.
  const [admin] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'super@fleetport.example'));
  for (const image of DEMO_IMAGES) {
    const [known] = await db
      .select({ id: files.id })
      .from(files)
      .where(and(isNull(files.companyId), eq(files.name, image.name)));
    if (known) continue;
    const bytes = imageBytes(image.name, image.sizeKb);
    const [row] = await db
      .insert(files)
      .values({
        companyId: null,
        kind: 'firmware',
        name: image.name,
        size: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        mimeType: 'application/octet-stream',
        description: 'Demo firmware',
        version: image.version,
        families: [...image.families],
        releaseNotes: NOTES,
        uploadedBy: admin?.id ?? null,
      })
      .returning({ id: files.id });
    if (!row) continue;
    await mkdir(filesDir, { recursive: true });
    await writeFile(path.join(filesDir, String(row.id)), bytes);
    added += 1;
  }
  return added;
}
