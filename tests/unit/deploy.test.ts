import { existsSync, globSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, matchesGlob, posix, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { type BrandConfig, parseBrandConfig, validateBrandSet } from '../../contracts/src/brand.ts';

/**
 * Static checks of docker-compose.yml, the Dockerfiles it builds and the shipped brands: the
 * mistakes that otherwise only show up when someone runs `docker compose up` (a path that moved,
 * a COPY of a file that is not there or is excluded by .dockerignore, a service that depends on
 * one that does not exist, an image that runs as root or has no health check).
 */

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

interface ComposeBuild {
  context?: string;
  dockerfile?: string;
}

interface ComposeService {
  image?: string;
  build?: string | ComposeBuild;
  ports?: unknown[];
  depends_on?: string[] | Record<string, unknown>;
  environment?: string[] | Record<string, unknown>;
  volumes?: unknown[];
  healthcheck?: { test?: string | string[] };
}

interface ComposeFile {
  services?: Record<string, ComposeService>;
  volumes?: Record<string, unknown>;
}

const compose = parse(readFileSync(join(repoRoot, 'docker-compose.yml'), 'utf8')) as ComposeFile;
const services = Object.entries(compose.services ?? {});

/** The context directory and Dockerfile of a service built from source, as absolute paths. */
function buildOf(service: ComposeService): { context: string; dockerfile: string } | undefined {
  if (service.build === undefined) return undefined;
  const build = typeof service.build === 'string' ? { context: service.build } : service.build;
  const context = resolve(repoRoot, build.context ?? '.');
  return { context, dockerfile: resolve(context, build.dockerfile ?? 'Dockerfile') };
}

function environmentOf(service: ComposeService): Record<string, string> {
  const env = service.environment ?? {};
  if (Array.isArray(env)) {
    return Object.fromEntries(
      env.map((entry) => {
        const eq = entry.indexOf('=');
        return eq < 0 ? [entry, ''] : [entry.slice(0, eq), entry.slice(eq + 1)];
      }),
    );
  }
  return Object.fromEntries(Object.entries(env).map(([key, value]) => [key, String(value ?? '')]));
}

/** Short-syntax volumes as [source, target]; long syntax as its source and target. */
function volumesOf(service: ComposeService): { source: string; target: string }[] {
  return (service.volumes ?? []).map((volume) => {
    if (typeof volume === 'string') {
      const [source = '', target = ''] = volume.split(':');
      return { source, target };
    }
    const { source = '', target = '' } = volume as { source?: string; target?: string };
    return { source, target };
  });
}

/** "host:container" or "ip:host:container", each optionally with /tcp or /udp. */
const PORT_MAPPING = /^(?:(?:\d{1,3}\.){3}\d{1,3}:)?(\d{1,5}):(\d{1,5})(?:\/(?:tcp|udp))?$/;

// ---- Dockerfile parsing ----------------------------------------------------------------------

interface Instruction {
  keyword: string;
  args: string;
  line: number;
}

interface Stage {
  image: string;
  name?: string;
  instructions: Instruction[];
}

function parseDockerfile(text: string): Stage[] {
  const instructions: Instruction[] = [];
  const lines = text.split('\n');
  for (let index = 0; index < lines.length; index++) {
    const start = index;
    let line = lines[index] ?? '';
    if (/^\s*(#|$)/.test(line)) continue;
    while (line.trimEnd().endsWith('\\') && index + 1 < lines.length) {
      index++;
      const next = lines[index] ?? '';
      if (/^\s*#/.test(next)) continue;
      line = `${line.trimEnd().slice(0, -1)} ${next.trim()}`;
    }
    const match = /^\s*(\S+)\s*(.*)$/.exec(line);
    if (match)
      instructions.push({
        keyword: (match[1] ?? '').toUpperCase(),
        args: (match[2] ?? '').trim(),
        line: start + 1,
      });
  }
  const stages: Stage[] = [];
  for (const instruction of instructions) {
    if (instruction.keyword === 'FROM') {
      const [image = '', as, name] = instruction.args.split(/\s+/).filter((word) => !word.startsWith('--'));
      stages.push({ image, name: as?.toUpperCase() === 'AS' ? name : undefined, instructions: [] });
    } else {
      stages.at(-1)?.instructions.push(instruction);
    }
  }
  return stages;
}

/** Exec form (JSON array) or shell form split on white space. */
function wordsOf(args: string): string[] {
  if (args.startsWith('[')) return JSON.parse(args) as string[];
  return args.split(/\s+/).filter(Boolean);
}

interface Copy {
  flags: Record<string, string>;
  sources: string[];
  destination: string;
  line: number;
}

function copiesOf(stage: Stage): Copy[] {
  return stage.instructions
    .filter((instruction) => instruction.keyword === 'COPY' || instruction.keyword === 'ADD')
    .map((instruction) => {
      const flags: Record<string, string> = {};
      let rest = instruction.args;
      for (
        let flag = /^--([a-z-]+)(?:=(\S*))?\s+/.exec(rest);
        flag;
        flag = /^--([a-z-]+)(?:=(\S*))?\s+/.exec(rest)
      ) {
        flags[flag[1] ?? ''] = flag[2] ?? '';
        rest = rest.slice(flag[0].length);
      }
      const words = wordsOf(rest);
      return { flags, sources: words.slice(0, -1), destination: words.at(-1) ?? '', line: instruction.line };
    });
}

/** WORKDIR in force at the end of the stage (absolute). */
function workdirOf(stage: Stage): string {
  let workdir = '/';
  for (const instruction of stage.instructions) {
    if (instruction.keyword === 'WORKDIR') workdir = posix.resolve(workdir, instruction.args);
  }
  return workdir;
}

function lastOf(stage: Stage, keyword: string): Instruction | undefined {
  return stage.instructions.filter((instruction) => instruction.keyword === keyword).at(-1);
}

/** Whether .dockerignore (last matching pattern wins, `!` re-includes) leaves `path` out. */
function isIgnored(path: string, patterns: string[]): boolean {
  const ancestors = path.split('/').map((_, index, parts) => parts.slice(0, index + 1).join('/'));
  let ignored = false;
  for (const raw of patterns) {
    const negated = raw.startsWith('!');
    const pattern = posix.normalize((negated ? raw.slice(1) : raw).replace(/^\/+/, '')).replace(/\/+$/, '');
    if (ancestors.some((candidate) => matchesGlob(candidate, pattern))) ignored = !negated;
  }
  return ignored;
}

function dockerignoreOf(context: string): string[] {
  const file = join(context, '.dockerignore');
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

// ---- docker-compose.yml ------------------------------------------------------------------------

describe('docker-compose.yml', () => {
  it('defines services', () => {
    expect(services.length).toBeGreaterThan(0);
  });

  it.each(services)('%s has an image or a build', (_name, service) => {
    expect(service.image !== undefined || service.build !== undefined).toBe(true);
  });

  it.each(services.filter(([, service]) => service.build !== undefined))(
    '%s builds from a context folder and a Dockerfile that exist',
    (_name, service) => {
      const build = buildOf(service);
      expect(build).toBeDefined();
      if (!build) return;
      expect(existsSync(build.context) && statSync(build.context).isDirectory(), build.context).toBe(true);
      expect(existsSync(build.dockerfile) && statSync(build.dockerfile).isFile(), build.dockerfile).toBe(
        true,
      );
    },
  );

  it('publishes ports as quoted "host:container" strings', () => {
    for (const [name, service] of services) {
      for (const port of service.ports ?? []) {
        // A bare number or an unquoted 22:22 can be read by YAML as a number (base 60 in YAML 1.1).
        expect(typeof port, `${name}: ${String(port)}`).toBe('string');
        expect(port, name).toMatch(PORT_MAPPING);
      }
    }
  });

  it('depends only on services it defines', () => {
    const names = new Set(services.map(([name]) => name));
    for (const [name, service] of services) {
      const dependencies = Array.isArray(service.depends_on)
        ? service.depends_on
        : Object.keys(service.depends_on ?? {});
      for (const dependency of dependencies)
        expect(names, `${name} depends on ${dependency}`).toContain(dependency);
    }
  });

  it('mounts files that exist and volumes that are declared', () => {
    const declared = Object.keys(compose.volumes ?? {});
    for (const [name, service] of services) {
      for (const { source, target } of volumesOf(service)) {
        expect(target, `${name}: volume target`).toMatch(/^\//);
        if (source.startsWith('.') || source.startsWith('/')) {
          expect(existsSync(resolve(repoRoot, source)), `${name}: bind mount ${source}`).toBe(true);
        } else if (source !== '') {
          expect(declared, `${name}: named volume ${source}`).toContain(source);
        }
      }
    }
  });

  describe('edge', () => {
    const edge = compose.services?.edge;

    it('is built from deploy/edge.Dockerfile and published on 8080', () => {
      expect(edge).toBeDefined();
      expect(buildOf(edge ?? {})?.dockerfile).toBe(join(repoRoot, 'deploy/edge.Dockerfile'));
      expect(edge?.ports).toContain('8080:8080');
      expect(environmentOf(edge ?? {}).PORT).toBe('8080');
    });

    it('requires a brand administration token instead of defaulting one', () => {
      expect(environmentOf(edge ?? {}).BRAND_ADMIN_TOKEN).toMatch(/^\$\{BRAND_ADMIN_TOKEN:\?.+\}$/);
    });

    it('does not trust X-Forwarded-* headers from clients it is published to', () => {
      expect(environmentOf(edge ?? {}).TRUST_PROXY ?? 'false').toMatch(/^(false|0|no|)$/);
    });

    it('keeps the brands on a writable volume that the image seeds', () => {
      const brandsDir = environmentOf(edge ?? {}).BRANDS_DIR;
      expect(brandsDir).toBeDefined();
      const mount = (edge?.volumes ?? []).find(
        (volume) => volumesOf({ volumes: [volume] })[0]?.target === brandsDir,
      );
      expect(mount, `a volume mounted at ${brandsDir}`).toBeDefined();
      expect(String(mount)).not.toMatch(/:ro$/);
      const build = buildOf(edge ?? {});
      const stages = parseDockerfile(readFileSync(build?.dockerfile ?? '', 'utf8'));
      const runtime = stages.at(-1) as Stage;
      const destinations = copiesOf(runtime).map((copy) =>
        posix.resolve(workdirOf(runtime), copy.destination),
      );
      expect(destinations).toContain(brandsDir);
    });

    it('checks its health on /edge/healthz', () => {
      expect(JSON.stringify(edge?.healthcheck?.test)).toContain('/edge/healthz');
    });
  });
});

// ---- The device broker -------------------------------------------------------------------

describe('device broker', () => {
  const mqttService = compose.services?.mqtt ?? {};
  const api = compose.services?.api ?? {};
  const devices = compose.services?.devices ?? {};
  const firstStart = compose.services?.['first-start'] ?? {};
  const confMount = volumesOf(mqttService).find(
    ({ target }) => target === '/mosquitto/config/mosquitto.conf',
  );
  const conf = confMount ? readFileSync(resolve(repoRoot, confMount.source), 'utf8') : '';
  const lines = conf.split('\n').map((line) => line.trim());
  const commandOf = (service: ComposeService) =>
    ((service as { command?: string[] }).command ?? []).join(' ');

  it('refuses anonymous clients on every listener and lets Fleetport provision it (dynamic security)', () => {
    expect(confMount, 'deploy/mosquitto/mosquitto.conf mounted').toBeDefined();
    expect(lines).toContain('allow_anonymous false');
    expect(lines).not.toContain('allow_anonymous true');
    expect(lines).toContain('per_listener_settings false');
    expect(lines.some((line) => /^plugin \S*mosquitto_dynamic_security\.so$/.test(line))).toBe(true);
  });

  it('publishes only its TLS port, whose certificate comes from a volume the first start fills', () => {
    expect(mqttService.ports).toEqual(['8883:8883']);
    const tls = conf.slice(conf.indexOf('listener 8883'));
    expect(tls).toMatch(/certfile \/mosquitto\/certs\/server\.crt/);
    expect(tls).toMatch(/keyfile \/mosquitto\/certs\/server\.key/);
    const certs = volumesOf(mqttService).find(({ target }) => target === '/mosquitto/certs');
    expect(certs?.source).toBe('broker-certs');
    expect(volumesOf(firstStart).map(({ source }) => source)).toContain('broker-certs');
    expect(commandOf(firstStart)).toContain('device-sim/src/first-start.ts');
  });

  it("is the API replicas' broker, as the plugin's admin, with no default password", () => {
    const env = environmentOf(api);
    expect(env.MQTT_URL).toMatch(
      /^mqtt:\/\/\$\{MQTT_ADMIN_USER:-\w+\}:\$\{MQTT_ADMIN_PASSWORD:\?.+\}@mqtt:1883$/,
    );
    expect(env.MQTT_DYNSEC).toBe('on');
    expect(Object.keys(api.depends_on ?? {})).toEqual(expect.arrayContaining(['mqtt', 'first-start']));
  });

  it("runs a simulated fleet that connects over TLS and checks the broker against the deployment's CA", () => {
    const command = commandOf(devices);
    expect(command).toContain('--url=mqtts://mqtt:8883');
    expect(command).toContain('--ca=/broker/certs/ca.crt');
    const certs = volumesOf(devices).find(({ target }) => target === '/broker/certs');
    expect(certs?.source).toBe('broker-certs');
    expect(environmentOf(api).DEMO_FLEET_CSV).toBe('/fleet/fleet.csv');
  });
});

// ---- Prometheus ------------------------------------------------------------------------------

interface ScrapeConfig {
  job_name?: string;
  static_configs?: { targets?: string[] }[];
  dns_sd_configs?: { names?: string[]; port?: number }[];
}

describe('prometheus', () => {
  const prometheus = compose.services?.prometheus;
  const mount = volumesOf(prometheus ?? {}).find(({ target }) => target === '/etc/prometheus/prometheus.yml');
  const scrapeFile = mount ? resolve(repoRoot, mount.source) : '';
  const scrapes: ScrapeConfig[] =
    scrapeFile && existsSync(scrapeFile)
      ? ((parse(readFileSync(scrapeFile, 'utf8')) as { scrape_configs?: ScrapeConfig[] }).scrape_configs ??
        [])
      : [];
  /** Every scrape target as a compose service name and a port. */
  const targets = scrapes.flatMap((scrape) => [
    ...(scrape.static_configs ?? []).flatMap((config) =>
      (config.targets ?? []).map((target) => {
        const [host = '', port = ''] = target.split(':');
        return { job: scrape.job_name, host, port };
      }),
    ),
    ...(scrape.dns_sd_configs ?? []).flatMap((config) =>
      (config.names ?? []).map((host) => ({ job: scrape.job_name, host, port: String(config.port ?? '') })),
    ),
  ]);

  it('reads its scrape configuration from a file of the repository', () => {
    expect(prometheus, 'a prometheus service').toBeDefined();
    expect(mount, 'deploy/prometheus.yml mounted at /etc/prometheus/prometheus.yml').toBeDefined();
    expect(existsSync(scrapeFile), scrapeFile).toBe(true);
    expect(targets.length).toBeGreaterThan(0);
  });

  it('scrapes each service on the port its METRICS_PORT opens, reachable on the compose network', () => {
    for (const { job, host, port } of targets) {
      const service = compose.services?.[host];
      expect(service, `${job}: ${host} is a service`).toBeDefined();
      const env = environmentOf(service ?? {});
      expect(env.METRICS_PORT, `${job}: ${host}'s METRICS_PORT`).toBe(port);
      // The default 127.0.0.1 would be unreachable from the prometheus container.
      expect(env.METRICS_HOST, `${job}: ${host}'s METRICS_HOST`).toMatch(/^(0\.0\.0\.0|::)$/);
    }
  });

  it('scrapes the API and the edge, and publishes neither metrics port', () => {
    const scraped = new Set(targets.map(({ host }) => host));
    for (const [name, service] of services) {
      const port = environmentOf(service).METRICS_PORT;
      if (port === undefined) continue;
      expect(scraped, `${name} has METRICS_PORT and is scraped`).toContain(name);
      for (const published of service.ports ?? [])
        expect(PORT_MAPPING.exec(String(published))?.[2], `${name} publishes its metrics port`).not.toBe(
          port,
        );
    }
    expect(scraped).toEqual(new Set(['api', 'edge']));
  });
});

// ---- Dockerfiles ---------------------------------------------------------------------------

describe.each(services.filter(([, service]) => service.build !== undefined))(
  'Dockerfile of %s',
  (_name, service) => {
    const build = buildOf(service) as { context: string; dockerfile: string };
    const stages = existsSync(build.dockerfile)
      ? parseDockerfile(readFileSync(build.dockerfile, 'utf8'))
      : [];
    const runtime = stages.at(-1);
    const ignore = dockerignoreOf(build.context);

    it('is a multi-stage build', () => {
      expect(stages.length).toBeGreaterThanOrEqual(2);
      for (const stage of stages) expect(stage.image).toMatch(/\S/);
    });

    it('runs as a non-root user', () => {
      const user = runtime && lastOf(runtime, 'USER');
      expect(user, 'USER in the final stage').toBeDefined();
      expect(user?.args.split(':')[0]).not.toMatch(/^(root|0)$/);
    });

    it('has a health check', () => {
      const healthcheck = runtime && lastOf(runtime, 'HEALTHCHECK');
      expect(healthcheck, 'HEALTHCHECK in the final stage').toBeDefined();
      expect(healthcheck?.args).toMatch(/\bCMD\b/);
    });

    it('exposes every container port that compose publishes', () => {
      const exposed = (runtime?.instructions ?? [])
        .filter((instruction) => instruction.keyword === 'EXPOSE')
        .flatMap((instruction) => instruction.args.split(/\s+/).map((port) => port.replace(/\/.*/, '')));
      for (const port of service.ports ?? []) {
        expect(exposed).toContain(PORT_MAPPING.exec(String(port))?.[2]);
      }
    });

    it('starts a file that exists in the repository and is copied into the image', () => {
      const cmd = runtime && lastOf(runtime, 'CMD');
      expect(cmd, 'CMD in the final stage').toBeDefined();
      expect(cmd?.args, 'exec form, so that signals reach node').toMatch(/^\[/);
      const words = wordsOf(cmd?.args ?? '[]');
      const script = words.find((word) => /\.(ts|mts|js|mjs|cjs)$/.test(word));
      expect(script, `a script in ${words.join(' ')}`).toBeDefined();
      const workdir = workdirOf(runtime as Stage);
      const inImage = posix.resolve(workdir, script ?? '');
      // The runtime stage mirrors the repository under WORKDIR.
      expect(existsSync(join(build.context, posix.relative(workdir, inImage))), inImage).toBe(true);
      const copied = copiesOf(runtime as Stage).some((copy) => {
        const destination = posix.resolve(workdir, copy.destination);
        return inImage === destination || inImage.startsWith(`${destination}/`);
      });
      expect(copied, `${inImage} is under a COPY destination of the final stage`).toBe(true);
    });

    it('copies only paths that exist in the build context and are not in .dockerignore', () => {
      const names = new Set(stages.map((stage) => stage.name).filter(Boolean));
      const copies = stages.flatMap(copiesOf);
      expect(copies.length).toBeGreaterThan(0);
      for (const copy of copies) {
        if (copy.flags.from !== undefined) {
          expect(names, `line ${copy.line}: --from=${copy.flags.from}`).toContain(copy.flags.from);
          continue;
        }
        expect(copy.sources.length, `line ${copy.line}: a source and a destination`).toBeGreaterThan(0);
        for (const source of copy.sources) {
          const matches = globSync(source, { cwd: build.context });
          expect(matches, `line ${copy.line}: ${source}`).not.toHaveLength(0);
          for (const match of matches) {
            const path = relative(build.context, resolve(build.context, match));
            expect(path.startsWith('..'), `line ${copy.line}: ${source} is outside the context`).toBe(false);
            expect(isIgnored(path, ignore), `line ${copy.line}: ${path} is excluded by .dockerignore`).toBe(
              false,
            );
          }
        }
      }
    });
  },
);

// ---- shipped brands ------------------------------------------------------------------------

describe('shipped brands (themes/)', () => {
  const themesDir = join(repoRoot, 'themes');
  const ids = readdirSync(themesDir).filter((entry) => existsSync(join(themesDir, entry, 'brand.json')));
  const brands: BrandConfig[] = [];
  for (const id of ids) {
    const file = `themes/${id}/brand.json`;
    const result = parseBrandConfig(JSON.parse(readFileSync(join(repoRoot, file), 'utf8')), file);
    if (result.success) brands.push(result.brand);
  }

  it('parse, and form a valid set with exactly one default', () => {
    expect(ids).toEqual(expect.arrayContaining(['default', 'acme', 'northwind']));
    expect(brands.map((brand) => brand.id).sort()).toEqual([...ids].sort());
    expect(validateBrandSet(brands, (brand) => `themes/${brand.id}/brand.json`)).toEqual([]);
  });

  it.each(ids)('%s lives in the folder named by its id and ships safe SVG images', (id) => {
    const brand = brands.find((candidate) => candidate.id === id);
    expect(brand, `themes/${id}/brand.json parses and its id is ${id}`).toBeDefined();
    for (const file of [brand?.logo, brand?.favicon]) {
      const path = join(themesDir, id, file ?? '');
      expect(existsSync(path), path).toBe(true);
      if (!path.endsWith('.svg')) continue;
      const svg = readFileSync(path, 'utf8');
      expect(svg).toMatch(/^<svg\s[^>]*\bviewBox="[^"]+"[^>]*>/);
      expect(svg).toMatch(/^<svg\s[^>]*\bwidth="\d+"[^>]*\bheight="\d+"/);
      expect(svg).not.toMatch(/<script|<foreignObject|\bon[a-z]+\s*=|href\s*=|url\(\s*['"]?(?!#)/i);
      expect(Buffer.byteLength(svg)).toBeLessThan(16 * 1024);
    }
  });
});
