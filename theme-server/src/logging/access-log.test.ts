import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { accessLog } from './access-log.ts';

/** A pino logger whose lines land in an array, as the edge's batched stdout would take them. */
function capture(level = 'info') {
  const lines: string[] = [];
  const log = pino({ level, base: { service: 'edge' } }, { write: (line: string) => lines.push(line) });
  return { log, lines };
}

/** One request against a server that answers with `status` through the access log. */
async function exchange(log: pino.Logger, status: number, url: string, abort = false): Promise<void> {
  const logAccess = accessLog({ log });
  const server = createServer((req, res) => {
    logAccess(req, res, 'req-"1"');
    if (abort) {
      res.write('partial');
      req.socket.destroy();
      return;
    }
    res.statusCode = status;
    res.end('ok');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => {
    const req = request({ port, host: '127.0.0.1', path: url }, (res) => {
      res.resume();
      res.on('end', resolve);
      res.on('error', () => resolve());
    });
    req.on('error', () => resolve());
    req.end();
  });
  await new Promise((resolve) => setTimeout(resolve, 20));
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

describe('access log: one JSON line per request', () => {
  it('writes the info line with the same fields pino writes, escaping what the client sent', async () => {
    const fast = capture();
    await exchange(fast.log, 200, '/devices?q=%22a%22\\x');
    expect(fast.lines).toHaveLength(1);
    const line = JSON.parse(fast.lines[0] ?? '');

    // The reference: what pino itself writes for the same entry.
    const reference = capture();
    reference.log.info(
      {
        req: { id: 'req-"1"', method: 'GET', url: '/devices?q=%22a%22\\x' },
        res: { statusCode: 200 },
        responseTime: line.responseTime,
      },
      'request completed',
    );
    const expected = JSON.parse(reference.lines[0] ?? '');
    expect(Object.keys(line)).toEqual(Object.keys(expected));
    expect({ ...line, time: 0 }).toEqual({ ...expected, time: 0 });
    expect(Math.abs(line.time - expected.time)).toBeLessThan(5_000);
    expect(fast.lines[0]?.endsWith('}\n')).toBe(true);
  });

  it('logs 5xx answers at error and nothing at info when the level is warn', async () => {
    const { log, lines } = capture('warn');
    await exchange(log, 200, '/');
    expect(lines).toHaveLength(0);
    await exchange(log, 502, '/api/x');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0] ?? '')).toMatchObject({
      level: 50,
      msg: 'request errored',
      res: { statusCode: 502 },
    });
  });

  it('logs a request the client abandoned at warn', async () => {
    const { log, lines } = capture();
    await exchange(log, 200, '/big', true);
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0] ?? '')).toMatchObject({
      level: 40,
      msg: 'request aborted',
      req: { url: '/big' },
    });
  });
});
