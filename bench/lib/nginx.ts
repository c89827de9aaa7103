import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { freePort, type ServerChild, stop, track, waitForPort } from './proc.ts';

/**
 * nginx as the reference static server: one worker, no master, no access log, on a loopback
 * port, everything (config, pid, logs, temp folders) in the bench's temp folder.
 */

const NGINX_CANDIDATES = ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/local/nginx/sbin/nginx'];
/** `BENCH_NGINX=none` skips nginx; `BENCH_NGINX=/path/to/nginx` picks one. */
export const nginxPath =
  process.env.BENCH_NGINX === 'none'
    ? undefined
    : [process.env.BENCH_NGINX ?? '', ...NGINX_CANDIDATES].find(
        (candidate) => candidate && existsSync(candidate),
      );

/** One exact location answering a file's bytes with fixed headers. */
export interface NginxRoute {
  urlPath: string;
  file: string;
  contentType: string;
  headers: Record<string, string>;
}

function quote(value: string): string {
  if (value.includes('$')) throw new Error(`nginx header value with "$" cannot be replayed: ${value}`);
  return `"${value.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
}

function config(dir: string, port: number, routes: readonly NginxRoute[]): string {
  const locations = routes.map((route) =>
    [
      `    location = ${route.urlPath} {`,
      `      alias ${route.file};`,
      `      default_type ${quote(route.contentType)};`,
      ...Object.entries(route.headers).map(
        ([name, value]) => `      add_header ${name} ${quote(value)} always;`,
      ),
      '    }',
    ].join('\n'),
  );
  const temp = (name: string) => path.join(dir, 'temp', name);
  return `daemon off;
master_process off;
worker_processes 1;
pid ${path.join(dir, 'nginx.pid')};
error_log ${path.join(dir, 'error.log')} warn;
events { worker_connections 4096; }
http {
  access_log off;
  server_tokens off;
  sendfile on;
  tcp_nopush on;
  tcp_nodelay on;
  keepalive_timeout 65;
  keepalive_requests 100000000;
  etag off;
  types {}
  client_body_temp_path ${temp('body')};
  proxy_temp_path ${temp('proxy')};
  fastcgi_temp_path ${temp('fastcgi')};
  uwsgi_temp_path ${temp('uwsgi')};
  scgi_temp_path ${temp('scgi')};
  server {
    listen 127.0.0.1:${port};
${locations.join('\n')}
    location / { return 404; }
  }
}
`;
}

export async function startNginx(dir: string, routes: readonly NginxRoute[]): Promise<ServerChild> {
  if (!nginxPath) throw new Error('nginx is not installed');
  await mkdir(path.join(dir, 'temp'), { recursive: true });
  const port = await freePort();
  const file = path.join(dir, 'nginx.conf');
  await writeFile(file, config(dir, port, routes));
  const child = track(
    spawn(nginxPath, ['-p', dir, '-c', file, '-e', path.join(dir, 'error.log')], {
      stdio: ['ignore', 'ignore', 'pipe'],
    }),
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const exited = new Promise<never>((_resolve, reject) =>
    child.once('exit', async (code) => {
      const log = await readFile(path.join(dir, 'error.log'), 'utf8').catch(() => '');
      reject(new Error(`nginx exited (${code}): ${stderr}${log}`));
    }),
  );
  exited.catch(() => undefined);
  await Promise.race([waitForPort(port, 5000), exited]);
  return { child, port, url: `http://127.0.0.1:${port}`, stop: () => stop(child) };
}
