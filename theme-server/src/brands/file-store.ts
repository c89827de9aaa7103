import { randomBytes } from 'node:crypto';
import { type FSWatcher, watch } from 'node:fs';
import { copyFile, mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type BrandIssue, formatBrandIssue } from '@fleetport/contracts/brand';
import type { Logger } from 'pino';
import { BrandSet } from './brand-set.ts';
import {
  brandFile,
  type LoadedBrand,
  loadBrandDir,
  loadBrandFromConfig,
  MAX_BRAND_FILE_BYTES,
  prepareImage,
  toPublicBrand,
} from './load.ts';
import type { BrandImageUpload, BrandStore, StoreRefusal, StoreWriteResult } from './store.ts';
import { SvgRejectedError } from './svg.ts';

const RELOAD_DEBOUNCE_MS = 50;
/** Names the store will copy or create: as brand.json allows them, never `..` or a dotfile. */
const BRAND_FILE = /^[a-z0-9][a-z0-9._-]{0,99}$/i;
const BRAND_FOLDER = /^[a-z0-9][a-z0-9-]{0,62}$/;
const LOAD_CONCURRENCY = 64;

function refuse(reason: StoreRefusal, issues: BrandIssue[]): StoreWriteResult {
  return { ok: false, reason, issues };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}

/** Writes next to the target, then renames over it: readers see the old file or the new one. */
async function writeAtomically(file: string, data: string | Buffer): Promise<void> {
  const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  await writeFile(temporary, data);
  await rename(temporary, file);
}

/**
 * The folder store: one folder per brand under `dir`, watched so that an edit is live within a
 * second. Writes and reloads run one at a time, so a reload never interleaves with a write.
 */
export class FileBrandStore implements BrandStore {
  private set: BrandSet | undefined;
  private watcher: FSWatcher | undefined;
  /** One non-recursive watcher per brand folder (see `watchFolders`). */
  private readonly folderWatchers = new Map<string, FSWatcher>();
  private warnedWatchLimit = false;
  private readonly listeners = new Set<(set: BrandSet) => void>();
  private readonly pending = new Set<string>();
  private readonly rewatch = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly label: string;
  private readonly dir: string;
  private readonly log: Logger;
  private readonly watchEnabled: boolean;

  constructor(dir: string, log: Logger, options: { watch: boolean } = { watch: true }) {
    this.dir = dir;
    this.log = log;
    this.watchEnabled = options.watch;
    this.label = path.basename(dir);
  }

  async start(): Promise<void> {
    const ids = (await readdir(this.dir, { withFileTypes: true }))
      .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
      .map((entry) => entry.name);
    const loaded: LoadedBrand[] = [];
    for (let index = 0; index < ids.length; index += LOAD_CONCURRENCY) {
      const batch = await Promise.all(
        ids.slice(index, index + LOAD_CONCURRENCY).map((id) => loadBrandDir(this.dir, id)),
      );
      for (const result of batch) {
        if (result.ok) loaded.push(result.brand);
        else this.logIssues('brand skipped', result.issues);
      }
    }
    const built = BrandSet.build(loaded);
    if (!(built instanceof BrandSet)) {
      throw new Error(`Brands in ${this.dir} cannot be served:\n${built.map(formatBrandIssue).join('\n')}`);
    }
    this.set = built;
    this.log.info({ brands: built.size, default: built.defaultBrand.config.id }, 'brands loaded');
    if (this.watchEnabled) {
      this.watcher = watch(this.dir, (_event, name) =>
        this.onFolderEvent(name === null ? null : String(name)),
      );
      this.watcher.on('error', (error) => this.log.error({ err: error }, 'brand watcher failed'));
      this.watchFolders(ids);
    }
  }

  /**
   * Watches the top folder (brands added, removed or replaced) and each brand folder (its
   * files), each without recursion: one native inotify watch per folder. Node's recursive
   * watch on Linux walks the tree in JavaScript at start and watches every file, which is
   * four watches per brand and half a second of blocking start-up at 10,000 brands.
   */
  private watchFolders(ids: Iterable<string>): void {
    for (const id of ids) {
      this.folderWatchers.get(id)?.close();
      this.folderWatchers.delete(id);
      if (id.startsWith('.')) continue;
      try {
        const watcher = watch(this.brandDir(id), () => this.onFileEvent(id));
        watcher.on('error', () => {
          watcher.close();
          if (this.folderWatchers.get(id) === watcher) this.folderWatchers.delete(id);
        });
        this.folderWatchers.set(id, watcher);
      } catch (error) {
        // Not a folder, or already gone: the top folder's watcher reports what comes next. Out of
        // inotify watches is different: edits in this folder would go unseen, so say so.
        if ((error as NodeJS.ErrnoException).code === 'ENOSPC' && !this.warnedWatchLimit) {
          this.warnedWatchLimit = true;
          this.log.error(
            { brand: id, watched: this.folderWatchers.size },
            'out of inotify watches: edits in some brand folders are not seen; raise fs.inotify.max_user_watches',
          );
        }
      }
    }
  }

  private onFolderEvent(name: string | null): void {
    if (name?.startsWith('.')) return;
    // A brand folder that appeared or was replaced by a rename is a new folder to watch.
    if (name) this.rewatch.add(name);
    this.onFileEvent(name);
  }

  current(): BrandSet {
    if (!this.set) throw new Error('brand store not started');
    return this.set;
  }

  subscribe(listener: (set: BrandSet) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async validate(raw: unknown): Promise<BrandIssue[]> {
    const id = isObject(raw) && typeof raw.id === 'string' ? raw.id : '';
    const known = id !== '' && this.current().byId.has(id);
    const result = await this.candidate(raw, id, known ? 'update' : 'create');
    if (!result.ok) return result.issues;
    if (result.staging) await rm(result.staging, { recursive: true, force: true });
    return [];
  }

  put(raw: unknown, options: { create: boolean }): Promise<StoreWriteResult> {
    return this.serialised(async () => {
      const id = isObject(raw) && typeof raw.id === 'string' ? raw.id : '';
      const known = id !== '' && this.current().byId.has(id);
      if (options.create && (known || (BRAND_FOLDER.test(id) && (await exists(this.brandDir(id)))))) {
        return refuse('conflict', [this.issue(id, 'id', 'a brand with this id exists')]);
      }
      if (!options.create && !known) return refuse('not_found', [this.issue(id, 'id', 'no such brand')]);
      const result = await this.candidate(raw, id, options.create ? 'create' : 'update');
      if (!result.ok) return result;
      if (options.create) {
        await rename(result.staging, this.brandDir(id)).catch(async (error: unknown) => {
          await rm(result.staging, { recursive: true, force: true });
          throw error;
        });
      } else await writeAtomically(path.join(this.brandDir(id), 'brand.json'), result.json);
      this.accept(result.set, `brand ${options.create ? 'created' : 'updated'}`, id);
      return { ok: true };
    });
  }

  putImage(id: string, upload: BrandImageUpload): Promise<StoreWriteResult> {
    return this.serialised(async () => {
      const brand = this.current().byId.get(id);
      if (!brand) return refuse('not_found', [this.issue(id, 'id', 'no such brand')]);
      const name = `${upload.kind}${upload.extension}`;
      let bytes: Buffer;
      try {
        bytes = prepareImage(name, upload.bytes);
      } catch (error) {
        if (!(error instanceof SvgRejectedError)) throw error;
        return refuse('invalid', [this.issue(id, upload.kind, error.message)]);
      }
      if (bytes.length > MAX_BRAND_FILE_BYTES) {
        return refuse('invalid', [
          this.issue(id, upload.kind, `${name} is larger than ${MAX_BRAND_FILE_BYTES} bytes`),
        ]);
      }
      // Checked in memory first: a refused image never touches the files on disk.
      const config = { ...brand.config, [upload.kind]: name };
      const file = brandFile(name, bytes);
      const logo = upload.kind === 'logo' ? file : brand.logo;
      const favicon = upload.kind === 'favicon' ? file : brand.favicon;
      const candidate = { ...brand, config, logo, favicon, public: toPublicBrand(config, logo, favicon) };
      const set = BrandSet.build(this.current().withBrand(candidate));
      if (!(set instanceof BrandSet)) return refuse('invalid', set);
      const dir = this.brandDir(id);
      await writeAtomically(path.join(dir, name), bytes);
      await writeAtomically(path.join(dir, 'brand.json'), `${JSON.stringify(config, null, 2)}\n`);
      const previous = brand.config[upload.kind];
      if (previous !== name && previous !== brand.config[upload.kind === 'logo' ? 'favicon' : 'logo']) {
        await rm(path.join(dir, previous), { force: true });
      }
      this.accept(set, `brand ${upload.kind} replaced`, id);
      return { ok: true };
    });
  }

  remove(id: string): Promise<StoreWriteResult> {
    return this.serialised(async () => {
      if (!this.current().byId.has(id)) return refuse('not_found', [this.issue(id, 'id', 'no such brand')]);
      const set = BrandSet.build(this.current().withoutBrand(id));
      if (!(set instanceof BrandSet)) return refuse('conflict', set);
      const trash = path.join(this.dir, `.trash-${id}-${randomBytes(6).toString('hex')}`);
      await rename(this.brandDir(id), trash);
      await rm(trash, { recursive: true, force: true });
      this.accept(set, 'brand removed', id);
      return { ok: true };
    });
  }

  async close(): Promise<void> {
    this.watcher?.close();
    for (const watcher of this.folderWatchers.values()) watcher.close();
    this.folderWatchers.clear();
    clearTimeout(this.timer);
    await this.queue;
  }

  private brandDir(id: string): string {
    return path.join(this.dir, id);
  }

  private issue(id: string, field: string, message: string): BrandIssue {
    return { file: `${this.label}/${id || '(no id)'}/brand.json`, field, message };
  }

  /**
   * Stages a brand.json document in a hidden folder (with the images it keeps or inherits) and
   * checks it alone and within the whole set.
   */
  private async candidate(
    raw: unknown,
    id: string,
    mode: 'create' | 'update',
  ): Promise<
    | { ok: true; set: BrandSet; staging: string; json: string }
    | { ok: false; reason: StoreRefusal; issues: BrandIssue[] }
  > {
    if (!isObject(raw))
      return { ok: false, reason: 'invalid', issues: [this.issue(id, '', 'must be a JSON object')] };
    const current = this.current();
    const existing = current.byId.get(id);
    const source = existing ?? current.defaultBrand;
    const document = {
      ...raw,
      logo: raw.logo ?? source.config.logo,
      favicon: raw.favicon ?? source.config.favicon,
    };
    const json = `${JSON.stringify(document, null, 2)}\n`;
    const sourceDir = this.brandDir(source.config.id);
    let dir = sourceDir;
    let staging = '';
    if (mode === 'create') {
      staging = path.join(this.dir, `.staging-${randomBytes(6).toString('hex')}`);
      await mkdir(staging);
      await writeFile(path.join(staging, 'brand.json'), json);
      for (const name of new Set([document.logo, document.favicon])) {
        if (typeof name === 'string' && BRAND_FILE.test(name) && (await exists(path.join(sourceDir, name)))) {
          await copyFile(path.join(sourceDir, name), path.join(staging, name));
        }
      }
      dir = staging;
    }
    const label = `${this.label}/${id || '(no id)'}/brand.json`;
    try {
      const loaded = await loadBrandFromConfig(document, dir, label, id);
      const set = loaded.ok ? BrandSet.build(current.withBrand(loaded.brand)) : loaded.issues;
      if (set instanceof BrandSet) return { ok: true, set, staging, json };
      if (staging) await rm(staging, { recursive: true, force: true });
      return { ok: false, reason: 'invalid', issues: set };
    } catch (error) {
      if (staging) await rm(staging, { recursive: true, force: true });
      throw error;
    }
  }

  /** Gathers the brand ids that changed; a burst of events becomes one reload. */
  private onFileEvent(id: string | null): void {
    if (id) this.pending.add(id);
    else for (const known of this.current().byId.keys()) this.pending.add(known);
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      const ids = [...this.pending];
      this.pending.clear();
      const rewatch = [...this.rewatch];
      this.rewatch.clear();
      if (this.watcher) this.watchFolders(rewatch);
      void this.serialised(() => this.reload(ids));
    }, RELOAD_DEBOUNCE_MS);
  }

  /** Applies outside edits brand by brand; an invalid one is logged and the old one kept. */
  private async reload(ids: readonly string[]): Promise<void> {
    for (const id of ids) {
      const present = await exists(path.join(this.brandDir(id), 'brand.json'));
      if (!present && !this.current().byId.has(id)) continue;
      const result = present ? await loadBrandDir(this.dir, id) : undefined;
      if (result && !result.ok) {
        this.logIssues('brand change rejected; the previous version stays served', result.issues);
        continue;
      }
      const brands = result ? this.current().withBrand(result.brand) : this.current().withoutBrand(id);
      const set = BrandSet.build(brands);
      if (!(set instanceof BrandSet)) {
        this.logIssues('brand change rejected; the previous version stays served', set);
        continue;
      }
      const before = this.current().byId.get(id);
      if (before && result?.ok && JSON.stringify(before.public) === JSON.stringify(result.brand.public)) {
        if (JSON.stringify(before.config) === JSON.stringify(result.brand.config)) continue;
      }
      this.accept(set, result ? 'brand reloaded' : 'brand removed', id);
    }
  }

  private accept(set: BrandSet, message: string, id: string): void {
    this.set = set;
    this.log.info({ brand: id, brands: set.size }, message);
    for (const listener of this.listeners) listener(set);
  }

  private logIssues(message: string, issues: readonly BrandIssue[]): void {
    for (const issue of issues) this.log.error({ issue: formatBrandIssue(issue) }, message);
  }

  private serialised<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task, task);
    this.queue = run.catch((error: unknown) => this.log.error({ err: error }, 'brand store task failed'));
    return run;
  }
}
