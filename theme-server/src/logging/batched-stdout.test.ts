import { closeSync, mkdtempSync, openSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BatchedStdout } from './batched-stdout.ts';

describe('BatchedStdout: log lines written in batches, never lost', () => {
  it('holds lines until the batch is full, then writes them in order', () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'fp-log-')), 'out.log');
    const fd = openSync(file, 'w');
    const out = new BatchedStdout({ fd, limit: 30, intervalMs: 60_000 });
    out.write('{"n":1}\n');
    out.write('{"n":2}\n');
    expect(readFileSync(file, 'utf8')).toBe('');
    out.write('{"n":3, "pad":"xxxxxxxx"}\n');
    expect(readFileSync(file, 'utf8')).toBe('{"n":1}\n{"n":2}\n{"n":3, "pad":"xxxxxxxx"}\n');
    out.write('{"n":4}\n');
    out.close();
    expect(readFileSync(file, 'utf8').trim().split('\n')).toHaveLength(4);
    closeSync(fd);
  });

  it('flushes on its timer, so a quiet edge still logs within the interval', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'fp-log-')), 'out.log');
    const fd = openSync(file, 'w');
    const out = new BatchedStdout({ fd, limit: 1 << 20, intervalMs: 20 });
    out.write('{"msg":"ténu"}\n');
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(readFileSync(file, 'utf8')).toBe('{"msg":"ténu"}\n');
    out.close();
    closeSync(fd);
  });
});
