import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { gzipSync } from 'node:zlib';
import { MAX_UPLOAD_BYTES } from '@fleetport/contracts/uploads';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { filesDir, uploadTmpDir } from '../../config.ts';
import { companies, creditBalances, files as fileRows, taskGroups } from '../../db/schema.ts';
import { type ApiFixture, startTestApi, type TestClient } from '../../testing/fixtures.ts';

/**
 * Company files against the real API: the 80MB limit byte-exact with streamed bodies, file
 * names, tenancy, downloads, deletion, and the upload machinery's promises (temporary files
 * gone whatever happens; memory flat whatever the size).
 */
let fx: ApiFixture;
let tmp: string;
let stored: string;
const ids = new Map<string, number>();

beforeAll(async () => {
  fx = await startTestApi();
  tmp = uploadTmpDir(fx.api.deps.config);
  stored = filesDir(fx.api.deps.config);
  for (const row of await fx.api.deps.db.select().from(companies)) ids.set(row.name, row.id);
});
afterAll(async () => {
  await fx?.stop();
});

const companyId = (name: string) => ids.get(name) as number;
const leftovers = async () =>
  (await readdir(tmp).catch(() => [])).filter((name) => name.startsWith('upload-'));

/** 1 MiB of random bytes, repeated: a large file without a large buffer. */
const PATTERN = randomBytes(1024 * 1024);
function* content(size: number): Generator<Buffer> {
  for (let sent = 0; sent < size; sent += PATTERN.length) {
    yield PATTERN.subarray(0, Math.min(PATTERN.length, size - sent));
  }
}
const sha256Of = (size: number) => {
  const hash = createHash('sha256');
  for (const chunk of content(size)) hash.update(chunk);
  return hash.digest('hex');
};

/** A multipart body streamed from a generator: text fields, then one file of `size` bytes. */
function multipart(fields: Record<string, string>, file: { name: string; size: number; endless?: boolean }) {
  const boundary = `----fleetport${randomBytes(8).toString('hex')}`;
  const quoted = file.name.replace(/["\\]/g, '\\$&');
  const head = [
    ...Object.entries(fields).map(
      ([name, value]) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    ),
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${quoted}"\r\n`,
    'Content-Type: application/octet-stream\r\n\r\n',
  ].join('');
  const parts = (function* () {
    yield Buffer.from(head);
    yield* content(file.size);
    yield Buffer.from(`\r\n--${boundary}--\r\n`);
  })();
  const body = new ReadableStream<Uint8Array>({
    pull: (controller) => {
      const next = parts.next();
      if (!next.done) controller.enqueue(next.value);
      else if (file.endless)
        return new Promise<void>(() => undefined); // a body that never ends
      else controller.close();
    },
  });
  return { payload: body, headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}` } };
}

const upload = (
  client: TestClient,
  fields: Record<string, string>,
  file: Parameters<typeof multipart>[1],
) => {
  const { payload, headers } = multipart(fields, file);
  return client.upload('/api/files', payload, { headers });
};

/** A backup upload: POST /files takes a backup only as a device backup archive (issue 22). */
function uploadBackup(client: TestClient, company: number, fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries({ company_id: String(company), kind: 'backup', ...fields }))
    form.append(name, value);
  const document = {
    format: 'fleetport-device-backup',
    version: 1,
    serial: '1100000001',
    model: 'RUT241',
    firmware: 'RUT2M_R_00.07.06.1',
    revision: 1,
    created_at: new Date().toISOString(),
    config: { ntp: { enabled: true, server: 'pool.ntp.org' } },
  };
  form.append('file', new Blob([gzipSync(JSON.stringify(document))]), 'router.fpbackup.gz');
  return client.upload('/api/files', form);
}

const small = (client: TestClient, company: string, name = 'config.txt', size = 100) =>
  upload(client, { company_id: String(companyId(company)) }, { name, size });

/** Downloads without buffering: the status, the headers and the SHA-256 of the bytes. */
async function download(client: TestClient, id: number) {
  const pathname = `/api/files/${id}/download`;
  const response = await fetch(`${fx.url}${pathname}`, {
    headers: { 'X-Requested-With': 'XMLHttpRequest', Cookie: client.cookieHeader(pathname) },
  });
  const hash = createHash('sha256');
  for await (const chunk of response.body ?? []) hash.update(chunk);
  return { status: response.status, headers: response.headers, sha256: hash.digest('hex') };
}

/** Live memory (after a full collection) of this process, which runs the API. */
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const liveBytes = () => {
  gc();
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.arrayBuffers;
};

describe('POST /files: the 80MB limit (spec §9)', { timeout: 120_000 }, () => {
  it('takes exactly 83,886,080 bytes with memory flat, and the download returns the same bytes', async () => {
    const admin = await fx.login('admin@acme.example');
    const before = liveBytes();
    let peak = before;
    // Each sample is a full collection in the API's own process: four a second catch a file held
    // in memory (it would stay for the seconds the upload takes) without slowing the upload down.
    const sampler = setInterval(() => {
      peak = Math.max(peak, liveBytes());
    }, 250);
    const answer = await upload(
      admin,
      { company_id: String(companyId('Acme East')), description: 'full size' },
      { name: 'exact.bin', size: MAX_UPLOAD_BYTES },
    );
    clearInterval(sampler);
    peak = Math.max(peak, liveBytes());

    expect(answer.status).toBe(201);
    expect(answer.body.data).toMatchObject({
      name: 'exact.bin',
      size: MAX_UPLOAD_BYTES,
      sha256: sha256Of(MAX_UPLOAD_BYTES),
      company_id: companyId('Acme East'),
      description: 'full size',
    });
    // Streamed to disk, never held: a file held whole would add its 80 MiB at least. The chunks in
    // flight between the client and the API (both in this process) stay well below it: about 1
    // MiB on a quiet machine, up to 48 MiB seen in CI with every worker busy.
    expect(peak - before).toBeLessThan(MAX_UPLOAD_BYTES * 0.75);
    expect(await leftovers()).toEqual([]);
    expect((await stat(path.join(stored, String(answer.body.data.id)))).size).toBe(MAX_UPLOAD_BYTES);

    const fetched = await download(admin, answer.body.data.id);
    expect(fetched.status).toBe(200);
    expect(fetched.sha256).toBe(answer.body.data.sha256);
  });

  it('answers one byte more with 413 FILE_TOO_LARGE, keeps nothing, and leaves no temporary file', async () => {
    const admin = await fx.login('admin@acme.example');
    const company = String(companyId('Acme West'));
    const answer = await upload(
      admin,
      { company_id: company },
      { name: 'over.bin', size: MAX_UPLOAD_BYTES + 1 },
    );
    expect(answer.status).toBe(413);
    expect(answer.body).toEqual({
      success: false,
      errors: [{ code: 'FILE_TOO_LARGE', message: 'Maximum file size is 80MB', source: 'file' }],
    });
    expect(await leftovers()).toEqual([]);
    const list = await admin.get(`/api/files?company_id=${company}`);
    expect(list.body.meta.total).toBe(0);
  });

  it('deletes the temporary file when the client aborts mid-upload', async () => {
    const admin = await fx.login('admin@acme.example');
    const aborted = new AbortController();
    const { payload, headers } = multipart(
      { company_id: String(companyId('Acme East')) },
      { name: 'aborted.bin', size: 8 * 1024 * 1024, endless: true },
    );
    const sent = admin
      .upload('/api/files', payload, { headers, signal: aborted.signal })
      .catch(() => 'aborted');
    await vi.waitFor(async () => expect(await leftovers()).toHaveLength(1), {
      timeout: 15_000,
      interval: 20,
    });
    aborted.abort();
    expect(await sent).toBe('aborted');
    await vi.waitFor(async () => expect(await leftovers()).toEqual([]), { timeout: 15_000, interval: 20 });
  });
});

describe('POST /files: input', () => {
  it('refuses each forbidden symbol of spec §5 with its message, before writing a byte', async () => {
    const admin = await fx.login('admin@acme.example');
    for (const symbol of '`\\/:*?"<>|') {
      const answer = await small(admin, 'Acme East', `bad${symbol}name.txt`);
      expect(answer.status, symbol).toBe(422);
      expect(answer.body.errors, symbol).toEqual([
        { code: 'VALIDATION_ERROR', message: 'File name contains forbidden symbols', source: 'file' },
      ]);
    }
    expect(await leftovers()).toEqual([]);
  });

  it('names the missing fields, and refuses a body that is not multipart', async () => {
    const admin = await fx.login('admin@acme.example');
    const noCompany = await upload(admin, {}, { name: 'a.txt', size: 1 });
    expect(noCompany.status).toBe(422);
    expect(noCompany.body.errors[0].source).toBe('company_id');
    const form = new FormData();
    form.append('company_id', String(companyId('Acme East')));
    const noFile = await admin.upload('/api/files', form);
    expect(noFile.status).toBe(422);
    expect(noFile.body.errors).toEqual([
      { code: 'VALIDATION_ERROR', message: 'is required', source: 'file' },
    ]);
    const json = await admin.post('/api/files', { company_id: companyId('Acme East') });
    expect(json.status).toBe(415);
    expect(json.body.errors[0].code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('takes a browser-made form (FormData) with a UTF-8 file name', async () => {
    const admin = await fx.login('admin@acme.example');
    const form = new FormData();
    form.append('company_id', String(companyId('Acme East')));
    form.append('description', 'from the console');
    form.append('file', new Blob(['hello'], { type: 'text/plain' }), 'Prüfbericht (v2) ファイル.txt');
    const answer = await admin.upload('/api/files', form);
    expect(answer.status).toBe(201);
    expect(answer.body.data).toMatchObject({
      name: 'Prüfbericht (v2) ファイル.txt',
      size: 5,
      mime_type: 'text/plain',
    });
  });
});

describe('access and tenancy', () => {
  it('answers an anonymous or unpermitted upload without reading its body', async () => {
    // The bodies never end: only an answer given before reading them can arrive.
    const anonymous = await upload(
      fx.client(),
      { company_id: '1' },
      { name: 'a.bin', size: 1024, endless: true },
    );
    expect(anonymous.status).toBe(401);
    const guest = await fx.login('guest@acme.example'); // read_only: view_files, not manage_files
    const refused = await upload(
      guest,
      { company_id: String(companyId('Acme Networks')) },
      { name: 'a.bin', size: 1024, endless: true },
    );
    expect(refused.status).toBe(403);
    expect(await leftovers()).toEqual([]);
  });

  it("refuses a company outside the caller's tree with the body of a missing one (mass assignment)", async () => {
    const eastAdmin = await fx.login('east.admin@acme.example');
    const sibling = await small(eastAdmin, 'Acme West');
    const parent = await small(eastAdmin, 'Acme Networks');
    const missing = await upload(eastAdmin, { company_id: '999999' }, { name: 'a.txt', size: 1 });
    expect(sibling.status).toBe(403);
    expect(parent.body).toEqual(sibling.body);
    expect(missing.body).toEqual(sibling.body);
    expect((await small(eastAdmin, 'Acme East Retail')).status).toBe(201);
    expect(await leftovers()).toEqual([]);
  });

  it("answers another tenant's file like a missing one, and never lists it", async () => {
    const northwind = await fx.login('admin@northwind.example');
    const theirs = (await small(northwind, 'Northwind Logistics', 'northwind.txt')).body.data.id as number;
    const acme = await fx.login('admin@acme.example');
    const missing = await download(acme, 999_999);
    expect((await download(acme, theirs)).status).toBe(403);
    expect(missing.status).toBe(403);
    const deleting = await acme.delete(`/api/files/${theirs}`);
    expect(deleting.status).toBe(403);
    expect(deleting.body).toEqual((await acme.delete('/api/files/999999')).body);
    const listed = await acme.get(`/api/files?limit=100&company_id=${companyId('Northwind Logistics')}`);
    expect(listed.body.meta.total).toBe(0);
    expect((await download(northwind, theirs)).status).toBe(200);
  });
});

describe('GET /files, download and DELETE', () => {
  it('lists with the list conventions, scoped to the visible companies', async () => {
    const admin = await fx.login('admin@acme.example');
    await small(admin, 'Acme West', 'west-report.csv');
    const user = await fx.login('user@acme.example'); // end_user of Acme Networks: its company only
    await small(admin, 'Acme Networks', 'acme-report.csv');
    const mine = await user.get('/api/files?limit=100');
    expect(mine.status).toBe(200);
    // Besides the global firmware catalogue, which everyone sees.
    const companyFiles = mine.body.data.filter((file: { global: boolean }) => !file.global);
    expect(companyFiles.map((file: { company_id: number }) => file.company_id)).toEqual([
      companyId('Acme Networks'),
    ]);
    const searched = await admin.get('/api/files?q=report&sort=-name&fields=name');
    expect(searched.body.data).toEqual([{ name: 'west-report.csv' }, { name: 'acme-report.csv' }]);
    expect(searched.body.meta.total).toBe(2);
    expect((await admin.get('/api/files?limit=101')).status).toBe(422);
    expect((await admin.get('/api/files?sort=path')).body.errors[0]).toMatchObject({ source: 'sort' });
  });

  it('downloads as an attachment: octet-stream, nosniff, the name in RFC 5987 filename*', async () => {
    const admin = await fx.login('admin@acme.example');
    const form = new FormData();
    form.append('company_id', String(companyId('Acme East')));
    form.append(
      'file',
      new Blob(['<script>alert(1)</script>'], { type: 'text/html' }),
      'Prüfbericht (v2).html',
    );
    const { id, sha256 } = (await admin.upload('/api/files', form)).body.data;
    const fetched = await download(admin, id);
    expect(fetched.headers.get('content-type')).toBe('application/octet-stream');
    expect(fetched.headers.get('x-content-type-options')).toBe('nosniff');
    expect(fetched.headers.get('content-disposition')).toBe(
      `attachment; filename="Pr_fbericht (v2).html"; filename*=UTF-8''Pr%C3%BCfbericht%20%28v2%29.html`,
    );
    expect(fetched.sha256).toBe(sha256);
  });

  it('deletes the row and the stored bytes, and audit-logs upload and deletion', async () => {
    const admin = await fx.login('admin@acme.example');
    const { id } = (await small(admin, 'Acme East', 'to-delete.txt')).body.data;
    expect(existsSync(path.join(stored, String(id)))).toBe(true);
    const readonly = await fx.login('advanced@acme.example'); // readonly_admin: no manage_files
    expect((await readonly.delete(`/api/files/${id}`)).status).toBe(403);
    const removed = await admin.delete(`/api/files/${id}`);
    expect(removed.status).toBe(200);
    expect(existsSync(path.join(stored, String(id)))).toBe(false);
    expect((await download(admin, id)).status).toBe(403);
    const audit = await admin.get(`/api/audit-log?limit=100&company_id=${companyId('Acme East')}`);
    const actions = audit.body.data
      .filter((entry: { entity_id: string }) => entry.entity_id === String(id))
      .map((entry: { action: string }) => entry.action);
    expect(actions.sort()).toEqual(['DELETE /files/:id', 'POST /files']);
  });
});

/** A company's balance of a credit type, as the super admin reads it (GET /credits). */
async function balance(company: string, typeId: number): Promise<number> {
  const superAdmin = await fx.login('super@fleetport.example');
  const rows = (await superAdmin.get(`/api/credits?company_id=${companyId(company)}&limit=100`)).body
    .data as {
    credit_type_id: number;
    amount: number;
  }[];
  return rows.find((row) => row.credit_type_id === typeId)?.amount ?? 0;
}
const storedCount = async () => (await readdir(stored).catch(() => [])).length;
const fileCount = async () => (await fx.api.deps.db.select({ id: fileRows.id }).from(fileRows)).length;

const firmware = (
  client: TestClient,
  company: string,
  fields: Record<string, string>,
  name = 'RUT_R_00.07.09.bin',
) =>
  upload(
    client,
    { company_id: String(companyId(company)), kind: 'firmware', ...fields },
    { name, size: 2048 },
  );

describe('POST /files: kinds, firmware fields and credits (spec §9 resource types 100, 101)', () => {
  it('names the missing firmware fields (version, families) and the bad ones, storing nothing', async () => {
    const admin = await fx.login('admin@acme.example');
    const [rows, bytes, credits] = [await fileCount(), await storedCount(), await balance('Acme East', 100)];
    const missing = await firmware(admin, 'Acme East', {});
    expect(missing.status).toBe(422);
    expect(missing.body.errors.map((error: { source: string }) => error.source).sort()).toEqual([
      'families',
      'version',
    ]);
    const bad = await firmware(admin, 'Acme East', { version: '7.9 beta', families: 'RUT,XYZ' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.map((error: { source: string }) => error.source).sort()).toEqual([
      'families.1',
      'version',
    ]);
    const kind = await upload(
      admin,
      { company_id: String(companyId('Acme East')), kind: 'movie' },
      { name: 'a.bin', size: 1 },
    );
    expect(kind.body.errors[0].source).toBe('kind');
    expect([await fileCount(), await storedCount(), await balance('Acme East', 100)]).toEqual([
      rows,
      bytes,
      credits,
    ]);
    expect(await leftovers()).toEqual([]);
  });

  it('stores a firmware with its version, families (a list or one comma-separated value) and notes, spending one credit of type 100', async () => {
    const admin = await fx.login('admin@acme.example');
    const before = await balance('Acme East', 100);
    const listed = await firmware(admin, 'Acme East', {
      version: 'RUT_R_00.07.09',
      'families[0]': 'RUT',
      'families[1]': 'TRB',
      release_notes: 'Security fixes.\nNew modem firmware.',
      description: 'July release',
    });
    expect(listed.status).toBe(201);
    expect(listed.body.data).toMatchObject({
      name: 'RUT_R_00.07.09.bin',
      kind: 'firmware',
      version: 'RUT_R_00.07.09',
      families: ['RUT', 'TRB'],
      release_notes: 'Security fixes.\nNew modem firmware.',
      global: false,
      company_id: companyId('Acme East'),
      company_name: 'Acme East',
      shared_with: [],
      can_manage: true,
      uploaded_by_name: 'Ada Admin',
      sha256: sha256Of(2048),
    });
    const comma = await firmware(admin, 'Acme East', { version: '1.2', families: 'TCR, TAP,TCR' }, 'tcr.bin');
    expect(comma.body.data.families).toEqual(['TCR', 'TAP']);
    expect(await balance('Acme East', 100)).toBe(before - 2);
    const history = (await admin.get(`/api/credits/history?company_id=${companyId('Acme East')}`)).body.data;
    expect(history[0]).toMatchObject({
      reason: 'file_upload',
      change: -1,
      credit_type_name: 'Firmware upload',
    });
    const found = await admin.get(
      '/api/files?kind=firmware&q=tcr&fields=id,name,kind,version,families,global,company_id,company_name',
    );
    expect(found.body.data).toEqual([
      {
        id: comma.body.data.id,
        name: 'tcr.bin',
        kind: 'firmware',
        version: '1.2',
        families: ['TCR', 'TAP'],
        global: false,
        company_id: companyId('Acme East'),
        company_name: 'Acme East',
      },
    ]);
  });

  it('spends a credit of type 101 on a backup and none on a configuration or another file', async () => {
    const admin = await fx.login('admin@acme.example');
    const [firmwareBefore, backupBefore] = [await balance('Acme West', 100), await balance('Acme West', 101)];
    const backup = await uploadBackup(admin, companyId('Acme West'), { version: 'ignored' });
    expect(backup.body.data).toMatchObject({ kind: 'backup', version: null, families: [] });
    const config = await upload(
      admin,
      { company_id: String(companyId('Acme West')), kind: 'configuration' },
      { name: 'config.uci', size: 10 },
    );
    expect(config.body.data.kind).toBe('configuration');
    expect((await small(admin, 'Acme West', 'plain.txt')).body.data.kind).toBe('other');
    expect([await balance('Acme West', 100), await balance('Acme West', 101)]).toEqual([
      firmwareBefore,
      backupBefore - 1,
    ]);
  });

  it('refuses a firmware when the company has no credit of type 100 left: no row, no bytes, no temporary file', async () => {
    const admin = await fx.login('admin@acme.example');
    const company = companyId('Acme East Retail');
    await fx.api.deps.db
      .update(creditBalances)
      .set({ amount: 0 })
      .where(and(eq(creditBalances.companyId, company), eq(creditBalances.creditTypeId, 100)));
    const [rows, bytes] = [await fileCount(), await storedCount()];
    const refused = await firmware(admin, 'Acme East Retail', { version: '1.0', families: 'RUT' });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual([
      {
        code: 'VALIDATION_ERROR',
        message: 'The company has no Firmware upload credits left: add some under Credits.',
        source: 'file',
      },
    ]);
    expect([await fileCount(), await storedCount()]).toEqual([rows, bytes]);
    expect(await leftovers()).toEqual([]);
    expect(await balance('Acme East Retail', 100)).toBe(0);
    // A backup still goes: its own type has credits.
    expect((await uploadBackup(admin, company)).status).toBe(201);
  });

  it('shows the resource types to non-super-admins like the paid ones (credit types, balances)', async () => {
    const admin = await fx.login('admin@acme.example');
    const types = (await admin.get('/api/credits/types')).body.data as { id: number; name: string }[];
    expect(types.filter((type) => type.id >= 100)).toMatchObject([
      { id: 100, name: 'Firmware upload' },
      { id: 101, name: 'Backup upload' },
    ]);
    const moved = await admin.post('/api/credits/move', {
      credit_type_name: 'Backup upload',
      source: companyId('Acme Networks'),
      target: companyId('Acme West'),
      amount: 1,
    });
    expect(moved.status).toBe(200);
  });
});

describe('global firmware (spec §2 Global Firmware: upload_files_global_scope)', () => {
  const globalUpload = (client: TestClient, fields: Record<string, string>, name = 'TRB1_R_00.07.01.bin') => {
    const { payload, headers } = multipart(fields, { name, size: 4096 });
    return client.upload('/api/files/global/firmware', payload, { headers });
  };

  it('is uploaded by a holder of upload_files_global_scope only, spends nothing, and every company sees it', async () => {
    const admin = await fx.login('admin@acme.example');
    expect((await globalUpload(admin, { version: '7.1', families: 'TRB' })).status).toBe(403);
    const superAdmin = await fx.login('super@fleetport.example');
    const missing = await globalUpload(superAdmin, {});
    expect(missing.body.errors.map((error: { source: string }) => error.source).sort()).toEqual([
      'families',
      'version',
    ]);
    const made = await globalUpload(superAdmin, {
      version: 'TRB1_R_00.07.01',
      families: 'TRB',
      release_notes: 'LTS',
    });
    expect(made.status).toBe(201);
    expect(made.body.data).toMatchObject({
      company_id: null,
      company_name: null,
      global: true,
      kind: 'firmware',
      families: ['TRB'],
      sha256: sha256Of(4096),
      can_manage: true,
    });
    const id = made.body.data.id as number;
    // An end user of another tree sees and downloads it; only the catalogue is listed with scope=global.
    const driver = await fx.login('user@northwind.example');
    const catalogue = await driver.get('/api/files?scope=global&limit=100');
    expect(catalogue.body.data.map((file: { id: number }) => file.id)).toContain(id);
    expect(
      catalogue.body.data.every(
        (file: { global: boolean; can_manage: boolean }) => file.global && !file.can_manage,
      ),
    ).toBe(true);
    expect((await download(driver, id)).sha256).toBe(sha256Of(4096));
    // Managing it needs the permission: an admin's delete is refused.
    expect((await admin.delete(`/api/files/${id}`)).status).toBe(403);
    expect((await superAdmin.delete(`/api/files/${id}`)).status).toBe(200);
  });
});

describe('File permissions (PUT /files/{id}/permissions)', () => {
  it('a subsidiary sees a parent company’s file only once it is shared, and reads it only', async () => {
    const admin = await fx.login('admin@acme.example');
    const east = await fx.login('east.admin@acme.example');
    const id = (await small(admin, 'Acme Networks', 'parent-only.txt')).body.data.id as number;
    const listed = async () =>
      ((await east.get('/api/files?limit=100&q=parent-only')).body.data as { id: number }[]).map(
        (file) => file.id,
      );
    expect(await listed()).toEqual([]);
    expect((await download(east, id)).status).toBe(403);

    const choices = await admin.get(`/api/files/${id}/permissions`);
    expect(choices.body.data).toEqual({
      company_ids: [],
      companies: [
        { id: companyId('Acme East'), name: 'Acme East', level: 3 },
        { id: companyId('Acme East Retail'), name: 'Acme East Retail', level: 4 },
        { id: companyId('Acme West'), name: 'Acme West', level: 3 },
      ],
    });
    const shared = await admin.put(`/api/files/${id}/permissions`, {
      company_ids: [companyId('Acme East'), companyId('Acme East Retail')],
    });
    expect(shared.status).toBe(200);
    expect(shared.body.data.shared_with_names).toEqual(['Acme East', 'Acme East Retail']);
    expect((await admin.get(`/api/files/${id}/permissions`)).body.data.company_ids).toEqual(
      [companyId('Acme East'), companyId('Acme East Retail')].sort((a, b) => a - b),
    );
    expect((await east.get(`/api/files/${id}/permissions`)).status).toBe(403);
    expect(await listed()).toEqual([id]);
    const seen = (await east.get('/api/files?limit=100&q=parent-only')).body.data[0];
    // The company it is shared with sees neither the other shares nor a way to manage it.
    expect(seen).toMatchObject({ shared_with: [], can_manage: false, company_name: 'Acme Networks' });
    expect((await download(east, id)).status).toBe(200);
    expect((await east.delete(`/api/files/${id}`)).status).toBe(403);
    expect((await east.put(`/api/files/${id}/permissions`, { company_ids: [] })).status).toBe(403);

    const cleared = await admin.put(`/api/files/${id}/permissions`, { company_ids: [] });
    expect(cleared.body.data.shared_with).toEqual([]);
    expect(await listed()).toEqual([]);
    const audit = await admin.get(`/api/audit-log?limit=100&company_id=${companyId('Acme Networks')}`);
    const events = audit.body.data
      .filter((entry: { entity_id: string }) => entry.entity_id === String(id))
      .map((entry: { event: string }) => entry.event);
    expect(events).toEqual(['file.permissions', 'file.permissions', 'file.upload']);
  });

  it('refuses a company that is not below the file’s company with the body of a missing one', async () => {
    const east = await fx.login('east.admin@acme.example');
    const id = (await small(east, 'Acme East', 'east.txt')).body.data.id as number;
    const answers = [];
    for (const company of [
      companyId('Acme Networks'),
      companyId('Acme West'),
      companyId('Acme East'),
      999_999,
    ]) {
      answers.push(await east.put(`/api/files/${id}/permissions`, { company_ids: [company] }));
    }
    for (const answer of answers) {
      expect(answer.status).toBe(422);
      expect(answer.body.errors).toEqual([
        {
          code: 'VALIDATION_ERROR',
          message: 'A file is shared only with companies below its own company (Acme East).',
          source: 'company_ids',
        },
      ]);
    }
    const superAdmin = await fx.login('super@fleetport.example');
    const northwind = await superAdmin.put(`/api/files/${id}/permissions`, {
      company_ids: [companyId('Northwind Logistics')],
    });
    expect(northwind.status).toBe(422);
    const retail = await east.put(`/api/files/${id}/permissions`, {
      company_ids: [companyId('Acme East Retail')],
    });
    expect(retail.body.data.shared_with).toEqual([companyId('Acme East Retail')]);
  });
});

describe('DELETE /files/{id}: campaigns and credits', () => {
  it('refuses while a firmware campaign uses the file, and refunds no credit once deleted', async () => {
    const admin = await fx.login('admin@acme.example');
    const made = await firmware(admin, 'Acme West', { version: '7.9', families: 'RUT' }, 'campaign.bin');
    const id = made.body.data.id as number;
    const spent = await balance('Acme West', 100);
    const { db } = fx.api.deps;
    const [group] = await db
      .insert(taskGroups)
      .values({
        action: 'firmware.update',
        state: 'running',
        companyId: companyId('Acme West'),
        expiresAt: new Date(Date.now() + 3_600_000),
        position: 1,
        total: 0,
        fileId: id,
      })
      .returning({ id: taskGroups.id });
    const refused = await admin.delete(`/api/files/${id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.errors[0].message).toBe(
      'campaign.bin is the image of a firmware campaign that has not finished: cancel the campaign or wait until it ends, then delete the file.',
    );
    expect(existsSync(path.join(stored, String(id)))).toBe(true);
    await db
      .update(taskGroups)
      .set({ state: 'paused' })
      .where(eq(taskGroups.id, group?.id as number));
    expect((await admin.delete(`/api/files/${id}`)).status).toBe(409);
    // Once the campaign has finished, the file goes; the campaign keeps its summary.
    await db
      .update(taskGroups)
      .set({ state: 'finished' })
      .where(eq(taskGroups.id, group?.id as number));

    const removed = await admin.delete(`/api/files/${id}`);
    expect(removed.status).toBe(200);
    const [after] = await db
      .select()
      .from(taskGroups)
      .where(eq(taskGroups.id, group?.id as number));
    expect(after?.fileId).toBeNull();
    expect(existsSync(path.join(stored, String(id)))).toBe(false);
    expect(await balance('Acme West', 100)).toBe(spent);
  });
});
