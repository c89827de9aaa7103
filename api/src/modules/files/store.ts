import { constants } from 'node:fs';
import { copyFile, mkdir, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Response } from 'express';
import type { Logger } from 'pino';
import type { ApiError } from '../../http/errors.ts';

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

  /**
   * Streams a file to `res` as an attachment; `missing` is the refusal when the row's content is
   * not in FILES_DIR (logged: a volume lost or not shared between replicas).
   */
  async send(
    res: Response,
    file: { id: number; name: string; size: number },
    log: Logger,
    missing: () => ApiError,
  ): Promise<void> {
    const handle = await open(this.pathOf(file.id)).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
      log.error({ fileId: file.id }, 'file content missing from FILES_DIR');
      throw missing();
    });
    res.status(200).set({
      'Content-Type': 'application/octet-stream',
      'Content-Length': String(file.size),
      'Content-Disposition': attachment(file.name),
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-store',
    });
    await pipeline(handle.createReadStream(), res);
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
