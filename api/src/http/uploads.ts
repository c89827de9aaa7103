import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  FORBIDDEN_FILE_NAME_MESSAGE,
  hasForbiddenSymbols,
  MAX_UPLOAD_BYTES,
  maxFileSizeMessage,
} from '@fleetport/contracts/uploads';
import busboy from 'busboy';
import type { Request } from 'express';
import { ApiError, fieldError, validationFailed } from './errors.ts';
import { formToObject } from './form-fields.ts';

/** A file of a multipart request, streamed to a temporary file (deleted after the request). */
export interface UploadedFile {
  /** The form field it came in. */
  field: string;
  /** The file name the client gave (checked against spec §5). */
  name: string;
  /** The temporary file: move it (rename) to keep it past the request. */
  path: string;
  size: number;
  /** Hex SHA-256 of the content, computed while streaming. */
  sha256: string;
  mimeType: string;
}

/** A route that takes `multipart/form-data` (spec §7: uploads). */
export interface MultipartSpec {
  /** The file fields the route takes, and whether each must be sent. */
  files: Readonly<Record<string, { required: boolean }>>;
  /** Spec §9: 83,886,080 bytes (80MB) unless a route says otherwise. */
  maxFileBytes?: number;
  /** How many files one request may carry; by default one per file field. */
  maxFiles?: number;
}

/** Limits on the text fields of a multipart request. */
export const FORM_FIELD_LIMITS = { count: 1000, valueBytes: 64 * 1024, nameBytes: 200 } as const;
const MAX_FILE_NAME_LENGTH = 255;
/**
 * How a browser escapes `"`, CR and LF in a multipart file name (HTML form-data encoding):
 * refused like the characters themselves.
 */
const ESCAPED_FORBIDDEN = /%(22|0a|0d)/i;

const malformed = () =>
  new ApiError(400, [{ code: 'MALFORMED_MULTIPART', message: 'The multipart body could not be read.' }]);
const tooLong = (message: string) => validationFailed([{ code: 'VALIDATION_ERROR', message }]);
const interrupted = () =>
  new ApiError(400, [{ code: 'UPLOAD_INTERRUPTED', message: 'The upload was interrupted.' }]);

/**
 * One multipart request: streams its files to temporary files under `dir` (size and SHA-256
 * measured on the way, never buffered whole), collects its text fields within
 * FORM_FIELD_LIMITS, and deletes every temporary file it made in `discard()`.
 *
 * On the first error it stops parsing at once (before writing a byte of a refused file) and
 * reads the rest of the body into the void, so the answer reaches a client that sends its
 * whole body before reading (closing a socket with unread input resets it and loses the
 * answer). A body that goes on past the largest the route could take is cut off.
 */
export class MultipartUpload {
  readonly files: UploadedFile[] = [];
  private readonly req: Request;
  private readonly spec: MultipartSpec;
  private readonly dir: string;
  private readonly maxFileBytes: number;
  private readonly maxFiles: number;
  private readonly paths = new Set<string>();
  private readonly streams = new Set<Readable>();
  private readonly writes: Promise<unknown>[] = [];
  private failed = false;

  constructor(req: Request, spec: MultipartSpec, dir: string) {
    this.req = req;
    this.spec = spec;
    this.dir = dir;
    this.maxFileBytes = spec.maxFileBytes ?? MAX_UPLOAD_BYTES;
    this.maxFiles = spec.maxFiles ?? Object.keys(spec.files).length;
  }

  /** Reads the whole request; resolves with its text fields rebuilt (see formToObject). */
  async receive(): Promise<Record<string, unknown>> {
    if (!this.req.is('multipart/form-data')) {
      throw new ApiError(415, [
        { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'The request body must be multipart/form-data.' },
      ]);
    }
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: this.req.headers,
        // Keeps `/` and `\` in file names, so that they are refused rather than cut away.
        preservePath: true,
        defParamCharset: 'utf8',
        limits: {
          fields: FORM_FIELD_LIMITS.count,
          fieldSize: FORM_FIELD_LIMITS.valueBytes,
          fieldNameSize: FORM_FIELD_LIMITS.nameBytes,
          files: this.maxFiles,
          parts: FORM_FIELD_LIMITS.count + this.maxFiles,
          headerPairs: 100,
        },
      });
    } catch {
      throw malformed();
    }
    await mkdir(this.dir, { recursive: true });
    const fields: [string, string][] = [];
    await new Promise<void>((resolve, reject) => {
      const fail = (error: unknown) => {
        if (this.failed) return;
        this.failed = true;
        this.req.unpipe(parser);
        parser.destroy();
        this.stopWrites();
        this.drain();
        reject(error);
      };
      parser.on('field', (name, value, info) => {
        if (info.nameTruncated)
          fail(tooLong(`Field names are at most ${FORM_FIELD_LIMITS.nameBytes} bytes.`));
        else if (info.valueTruncated)
          fail(fieldError(name, `must be at most ${FORM_FIELD_LIMITS.valueBytes} bytes`));
        else fields.push([name, value]);
      });
      parser.on('file', (field, stream, info) => {
        const refusal = this.failed ? undefined : this.refusal(field, info.filename);
        // An empty file name is a file input left empty: nothing was chosen.
        if (this.failed || refusal || info.filename === '') {
          stream.on('error', () => undefined); // destroyed with the parser when refused
          stream.resume();
          if (refusal) fail(refusal);
          return;
        }
        this.writes.push(this.store(field, info.filename as string, info.mimeType, stream).catch(fail));
      });
      parser.on('fieldsLimit', () => fail(tooLong(`At most ${FORM_FIELD_LIMITS.count} fields can be sent.`)));
      parser.on('partsLimit', () => fail(tooLong(`At most ${FORM_FIELD_LIMITS.count} fields can be sent.`)));
      parser.on('filesLimit', () => fail(tooLong(`At most ${this.maxFiles} files can be sent.`)));
      parser.on('error', () => fail(malformed()));
      parser.on('close', () => {
        Promise.all(this.writes).then(() => {
          if (!this.failed) resolve();
        }, fail);
      });
      this.req.on('close', () => {
        if (!this.req.complete) fail(interrupted());
      });
      this.req.pipe(parser);
    });
    return formToObject(fields, FORM_FIELD_LIMITS.count);
  }

  /** 422 for each required file field that brought no file. */
  requireFiles(): void {
    const missing = Object.entries(this.spec.files)
      .filter(([field, { required }]) => required && !this.files.some((file) => file.field === field))
      .map(([field]) => ({ code: 'VALIDATION_ERROR', message: 'is required', source: field }));
    if (missing.length > 0) throw validationFailed(missing);
  }

  /** Deletes the temporary files that are still there (a handler that kept one moved it). */
  async discard(): Promise<void> {
    this.stopWrites();
    await Promise.allSettled(this.writes);
    await Promise.all([...this.paths].map((file) => rm(file, { force: true })));
  }

  /** Why a file part is refused, checked before a byte of it is written. */
  private refusal(field: string, name: string | undefined): ApiError | undefined {
    if (!Object.hasOwn(this.spec.files, field)) return fieldError(field, 'is not a file field');
    if (name === undefined) return fieldError(field, 'must be sent with a file name');
    if (hasForbiddenSymbols(name) || ESCAPED_FORBIDDEN.test(name)) {
      return fieldError(field, FORBIDDEN_FILE_NAME_MESSAGE);
    }
    if (name.length > MAX_FILE_NAME_LENGTH) {
      return fieldError(field, `The file name must be at most ${MAX_FILE_NAME_LENGTH} characters.`);
    }
    return undefined;
  }

  private async store(field: string, name: string, mimeType: string, stream: Readable): Promise<void> {
    const file = path.join(this.dir, `upload-${randomUUID()}`);
    this.paths.add(file);
    this.streams.add(stream);
    const hash = createHash('sha256');
    let size = 0;
    const limit = this.maxFileBytes;
    const meter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        size += chunk.length;
        if (size > limit) {
          callback(
            new ApiError(413, [
              { code: 'FILE_TOO_LARGE', message: maxFileSizeMessage(limit), source: field },
            ]),
          );
          return;
        }
        hash.update(chunk);
        callback(null, chunk);
      },
    });
    try {
      await pipeline(stream, meter, createWriteStream(file, { flags: 'wx', mode: 0o600 }));
    } finally {
      this.streams.delete(stream);
    }
    this.files.push({ field, name, path: file, size, sha256: hash.digest('hex'), mimeType });
  }

  /**
   * Ends the file writes under way. With an error: a part whose end busboy has pushed but not
   * yet delivered would otherwise count as finished and leave the pipeline waiting forever.
   */
  private stopWrites(): void {
    for (const stream of this.streams) stream.destroy(new Error('upload stopped'));
  }

  /** Reads the rest of a refused body into the void, up to the largest body the route takes. */
  private drain(): void {
    const cap = this.maxFileBytes * this.maxFiles + FORM_FIELD_LIMITS.count * FORM_FIELD_LIMITS.valueBytes;
    let discarded = 0;
    this.req.on('data', (chunk: Buffer) => {
      discarded += chunk.length;
      if (discarded > cap) this.req.socket.destroy();
    });
    this.req.resume();
  }
}
