import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ErrorItem } from '@fleetport/contracts/envelope';
import express, { type NextFunction, type Request, type Response } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from './errors.ts';
import { formToObject } from './form-fields.ts';
import { RouteRegistry } from './route.ts';

/**
 * The multipart handler on its own: one route with a 1 KiB file limit behind a bare registry,
 * so limits and early answers are cheap to reach. The real 80MB route is in files.test.ts.
 */
const LIMIT = 1024;
let server: Server;
let base: string;
let uploadDir: string;

beforeAll(async () => {
  uploadDir = await mkdtemp(path.join(tmpdir(), 'fleetport-uploads-'));
  const registry = new RouteRegistry({ uploadDir, checkResponses: true });
  const router = express.Router();
  registry.add(router, {
    method: 'post',
    path: '/echo',
    summary: 'Echoes what it received.',
    tag: 'test',
    access: { public: true },
    multipart: { files: { file: { required: false } }, maxFileBytes: LIMIT },
    body: z.object({ name: z.string().optional() }).passthrough(),
    response: z.object({
      body: z.record(z.string(), z.unknown()),
      files: z.array(
        z.object({
          field: z.string(),
          name: z.string(),
          size: z.number(),
          sha256: z.string(),
          mimeType: z.string(),
        }),
      ),
    }),
    handler: ({ body, files }) => ({
      data: {
        body,
        files: files.map(({ field, name, size, sha256, mimeType }) => ({
          field,
          name,
          size,
          sha256,
          mimeType,
        })),
      },
      audit: false,
    }),
  });
  const app = express();
  app.use(router);
  app.use((error: unknown, _req: Request, res: Response, _next: NextFunction) => {
    const status = error instanceof ApiError ? error.status : 500;
    res.status(status).json({ success: false, errors: error instanceof ApiError ? error.errors : [] });
  });
  server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await rm(uploadDir, { recursive: true, force: true });
});

interface Echoed {
  data: { body: Record<string, unknown>; files: { size: number }[] };
  errors: ErrorItem[];
}

const echo = async (body: FormData | string, contentType?: string) => {
  const response = await fetch(`${base}/echo`, {
    method: 'POST',
    body,
    headers: contentType ? { 'Content-Type': contentType } : {},
  });
  return { status: response.status, body: (await response.json()) as Echoed };
};
const leftovers = () => readdir(uploadDir).catch(() => []);

describe('form field serialisation (spec §7): unit', () => {
  it('rebuilds indexed arrays, nested objects and empty arrays', () => {
    const object = formToObject(
      [
        ['name', 'x'],
        ['tags[0]', 'a'],
        ['tags[1]', 'b'],
        ['data[0][name]', 'first'],
        ['data[1][name]', 'second'],
        ['data[1][ports][]', ''],
        ['none[]', ''],
        ['filter[level]', '2'],
      ],
      100,
    );
    expect(object).toEqual({
      name: 'x',
      tags: ['a', 'b'],
      data: [{ name: 'first' }, { name: 'second', ports: [] }],
      none: [],
      filter: { level: '2' },
    });
  });

  it('refuses gaps, repeats, mixed shapes and a [] with a value, naming the field', () => {
    const failure = (fields: [string, string][]) => {
      try {
        formToObject(fields, 100);
      } catch (error) {
        return (error as ApiError).errors[0];
      }
      return undefined;
    };
    expect(failure([['tags[1]', 'a']])).toMatchObject({
      source: 'tags.0',
      message: expect.stringMatching(/gaps/),
    });
    expect(
      failure([
        ['a', '1'],
        ['a', '2'],
      ]),
    ).toMatchObject({ source: 'a', message: 'is sent more than once' });
    expect(
      failure([
        ['a', '1'],
        ['a[0]', '2'],
      ]),
    ).toMatchObject({ source: 'a' });
    expect(
      failure([
        ['a[0]', '1'],
        ['a[x]', '2'],
      ]),
    ).toMatchObject({ source: 'a' });
    expect(failure([['a[]', 'x']])).toMatchObject({ source: 'a[]' });
    expect(failure([['a[101]', 'x']])).toMatchObject({ source: 'a.101' });
    expect(failure([['a]b', 'x']])).toMatchObject({ source: 'a]b' });
  });

  it('keeps __proto__ a plain key', () => {
    const object = formToObject([['__proto__[polluted]', 'yes']], 100);
    expect(Object.getPrototypeOf(object)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.keys(object)).toEqual(['__proto__']);
  });
});

describe('the multipart handler', () => {
  it('parses fields as spec §7 serialises them and measures the file while streaming it', async () => {
    const form = new FormData();
    form.append('name', 'router config');
    form.append('tags[0]', 'a');
    form.append('tags[1]', 'b');
    form.append('data[0][name]', 'x');
    form.append('empty[]', '');
    form.append('file', new Blob(['hello world'], { type: 'text/plain' }), 'hello ファイル.txt');
    const answer = await echo(form);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({
      body: { name: 'router config', tags: ['a', 'b'], data: [{ name: 'x' }], empty: [] },
      files: [
        {
          field: 'file',
          name: 'hello ファイル.txt',
          size: 11,
          sha256: createHash('sha256').update('hello world').digest('hex'),
          mimeType: 'text/plain',
        },
      ],
    });
    expect(await leftovers()).toEqual([]);
  });

  it('takes a file of exactly the limit and answers one byte more with 413 FILE_TOO_LARGE', async () => {
    const at = new FormData();
    at.append('file', new Blob([Buffer.alloc(LIMIT)]), 'at-limit.bin');
    expect((await echo(at)).body.data.files[0]?.size).toBe(LIMIT);
    const over = new FormData();
    over.append('file', new Blob([Buffer.alloc(LIMIT + 1)]), 'over.bin');
    const answer = await echo(over);
    expect(answer.status).toBe(413);
    expect(answer.body.errors).toEqual([
      { code: 'FILE_TOO_LARGE', message: 'Maximum file size is 1KB', source: 'file' },
    ]);
    expect(await leftovers()).toEqual([]);
  });

  it('refuses a browser-escaped quote (%22) in a file name like the quote itself', async () => {
    const form = new FormData();
    form.append('file', new Blob(['x']), 'say "hi".txt');
    const answer = await echo(form);
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual([
      { code: 'VALIDATION_ERROR', message: 'File name contains forbidden symbols', source: 'file' },
    ]);
  });

  it('answers a non-multipart body with 415 and a broken one with 400, never 500', async () => {
    expect((await echo('{"name":"x"}', 'application/json')).status).toBe(415);
    expect(
      (
        await echo(
          '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1',
          'multipart/form-data; boundary=x',
        )
      ).status,
    ).toBe(400);
    expect((await echo('anything', 'multipart/form-data')).status).toBe(400);
    expect((await echo('x', 'multipart/form-data; boundary=x')).status).toBe(400);
  });

  it('refuses a file in a field the route does not take, and too many files', async () => {
    const other = new FormData();
    other.append('avatar', new Blob(['x']), 'a.txt');
    expect((await echo(other)).body.errors[0]).toMatchObject({
      source: 'avatar',
      message: 'is not a file field',
    });
    const two = new FormData();
    two.append('file', new Blob(['x']), 'a.txt');
    two.append('file', new Blob(['y']), 'b.txt');
    expect((await echo(two)).status).toBe(422);
    expect(await leftovers()).toEqual([]);
  });

  it('answers a refused upload to a client that sends its whole body before reading (no reset)', async () => {
    const size = 8 * 1024 * 1024;
    const head = `--b\r\nContent-Disposition: form-data; name="file"; filename="big.bin"\r\n\r\n`;
    const tail = '\r\n--b--\r\n';
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(new URL(base).port), '127.0.0.1');
      socket.pause(); // reads nothing until everything is written
      socket.on('error', reject);
      socket.write(
        `POST /echo HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=b\r\nContent-Length: ${head.length + size + tail.length}\r\n\r\n${head}`,
      );
      const chunk = Buffer.alloc(64 * 1024);
      let sent = 0;
      const write = () => {
        while (sent < size) {
          sent += chunk.length;
          if (!socket.write(chunk)) {
            socket.once('drain', write);
            return;
          }
        }
        socket.write(tail);
        let text = '';
        socket.on('data', (data: Buffer) => {
          text += data.toString();
          if (text.includes('"success":false')) {
            socket.end();
            resolve(text);
          }
        });
        socket.resume();
      };
      write();
    });
    expect(answer).toMatch(/^HTTP\/1\.1 413/);
    expect(answer).toContain('"code":"FILE_TOO_LARGE"');
    expect(await leftovers()).toEqual([]);
  });
});
