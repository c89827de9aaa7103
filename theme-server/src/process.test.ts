import { spawn, spawnSync } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { makeDist, SHIPPED_THEMES } from './testing/fixtures.ts';

const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));
const CLI = fileURLToPath(new URL('./cli.ts', import.meta.url));

let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'fp-process-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('brands CLI', () => {
  it('exits 0 on the shipped themes and lists them', () => {
    const validate = spawnSync(process.execPath, [CLI, 'validate', SHIPPED_THEMES], { encoding: 'utf8' });
    expect(validate.status).toBe(0);
    expect(validate.stdout).toMatch(/3 brands .* are valid/);
    const list = spawnSync(process.execPath, [CLI, 'list', SHIPPED_THEMES], { encoding: 'utf8' });
    expect(list.stdout).toContain('default (default)');
  });

  it('exits non-zero with one readable line per problem: file, field, rule', async () => {
    const themes = path.join(root, 'themes');
    await cp(SHIPPED_THEMES, themes, { recursive: true });
    const file = path.join(themes, 'acme', 'brand.json');
    const acme = JSON.parse(await readFile(file, 'utf8'));
    await writeFile(
      file,
      JSON.stringify({ ...acme, brand_color: 'orange', purchase_link: 'http://acme.example' }),
    );
    const result = spawnSync(process.execPath, [CLI, 'validate', themes], { encoding: 'utf8' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('themes/acme/brand.json: brand_color: must be a hex colour like #1a73e8');
    expect(result.stderr).toContain('themes/acme/brand.json: purchase_link: must be an https:// URL');
  });
});

describe('edge process', () => {
  it('refuses to start on invalid configuration, naming the variable', () => {
    const result = spawnSync(process.execPath, [MAIN], {
      encoding: 'utf8',
      env: { ...process.env, PORT: 'eighty' },
    });
    expect(result.status).toBe(1);
    expect(result.stdout + result.stderr).toContain('PORT');
  });

  it('logs JSON with a request id, and stops gracefully on SIGTERM', async () => {
    const dist = await makeDist(root);
    const child = spawn(process.execPath, [MAIN], {
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        WEB_DIST: dist,
        BRANDS_DIR: SHIPPED_THEMES,
        LOG_LEVEL: 'info',
      },
    });
    // A failed assertion must not leave the edge running.
    onTestFinished(() => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    });
    const lines: Record<string, unknown>[] = [];
    let buffered = '';
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const complete = buffered.split('\n');
      buffered = complete.pop() ?? '';
      for (const line of complete) lines.push(JSON.parse(line));
    });
    const waitForLine = async (match: (line: Record<string, unknown>) => boolean) => {
      for (let tries = 0; tries < 200; tries++) {
        const found = lines.find(match);
        if (found) return found;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      throw new Error('log line not seen');
    };
    const started = await waitForLine((line) => typeof line.url === 'string');
    const response = await fetch(`${String(started.url).replace('localhost', '127.0.0.1')}/edge/healthz`);
    expect(response.status).toBe(200);
    const requestId = response.headers.get('x-request-id');
    const logged = await waitForLine((line) => (line.req as { id?: string } | undefined)?.id === requestId);
    expect(logged).toMatchObject({
      level: 30,
      req: { id: requestId, method: 'GET', url: '/edge/healthz' },
      res: { statusCode: 200 },
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(lines.some((line) => line.msg === 'stopped')).toBe(true);
  });
});
