import { constants } from 'node:fs';
import { copyFile, mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';

/**
 * The bytes of company files, one file per row named by its id in FILES_DIR. The row is the
 * truth: a file on disk without a row is garbage, never served.
 */
export class FileStore {
  private readonly dir: string;

  constructor(dir: string) {
    this.dir = dir;
  }

  pathOf(id: number): string {
    return path.join(this.dir, String(id));
  }

  /**
   * Moves an upload's temporary file in. A rename where both sit on one file system; a copy
   * where FILES_DIR is a volume of its own (EXDEV), the temporary file being deleted after.
   */
  async keep(temporary: string, id: number): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    const target = this.pathOf(id);
    try {
      await rename(temporary, target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
      await copyFile(temporary, target, constants.COPYFILE_EXCL);
      await rm(temporary, { force: true });
    }
  }

  async remove(id: number): Promise<void> {
    await rm(this.pathOf(id), { force: true });
  }
}

/**
 * `Content-Disposition: attachment` with the name as RFC 5987 `filename*` (UTF-8), and a
 * plain ASCII `filename` for old clients. Names never hold `"` or `\` (spec §5).
 */
export function attachment(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
