import type { ChunkingContext, CodeSplittingGroup } from 'rolldown';
import type { Plugin } from 'vite';
import { STARTUP_FILES_ID } from '../src/shared/lib/startup-files.ts';

interface ChunkLike {
  type: 'chunk' | 'asset';
  imports?: readonly string[];
  dynamicImports?: readonly string[];
}

/**
 * The files of the entry's start-up stages (`src/main.tsx` imports each stage with `import()`
 * so each evaluates in a task of its own): every chunk the entry's dynamic imports load
 * statically, transitively, without the entry's own static imports and without what the stages
 * themselves load lazily (pages).
 */
export function stageFiles(bundle: Readonly<Record<string, ChunkLike>>, entry: string): string[] {
  const root = bundle[entry];
  const seen = new Set<string>([entry]);
  const skip = new Set(root?.imports ?? []);
  const files: string[] = [];
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const chunk = bundle[file];
    if (chunk?.type !== 'chunk') return;
    if (!skip.has(file)) files.push(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const stage of root?.dynamicImports ?? []) visit(stage);
  return files;
}

interface ModuleLike {
  importedIds: readonly string[];
  dynamicallyImportedIds: readonly string[];
}

/**
 * Which start-up stage each module belongs to: stage 0 is the entry with what it loads
 * statically; stage k (from 1) holds what the entry's k-th dynamic import loads statically,
 * transitively, that no earlier stage loads. Modules outside the start-up have no stage.
 */
export function startupStages(
  moduleInfo: (id: string) => ModuleLike | null | undefined,
  entry: string,
): Map<string, number> {
  const stages = new Map<string, number>();
  const closure = (from: string, stage: number) => {
    const pending = [from];
    for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
      if (stages.has(id)) continue;
      stages.set(id, stage);
      pending.push(...(moduleInfo(id)?.importedIds ?? []));
    }
  };
  closure(entry, 0);
  moduleInfo(entry)?.dynamicallyImportedIds.forEach((stage, index) => {
    closure(stage, index + 1);
  });
  return stages;
}

/**
 * A code-splitting group putting each start-up stage's modules (outside the groups of higher
 * priority) into one chunk, `startup-k`; stage 0 too, or the group would pull the entry's own
 * imports into the later stage that shares them, and the entry would import that stage. The stages load together anyway, and one chunk a stage
 * is one request and one gzip dictionary instead of dozens of small shared chunks; each chunk
 * still evaluates when its stage is imported, not before.
 */
export function startupGroup(entry: string, priority: number): CodeSplittingGroup {
  const passes = new WeakMap<ChunkingContext, Map<string, number>>();
  return {
    name: (id, context) => {
      let stages = passes.get(context);
      if (!stages) {
        stages = startupStages((module) => context.getModuleInfo(module), entry);
        passes.set(context, stages);
      }
      // The entry module stays in the entry chunk, whose dynamic imports are the stages.
      const stage = id === entry ? undefined : stages.get(id);
      return stage === undefined ? null : `startup-${stage}`;
    },
    priority,
    debugName: 'startup stages',
  };
}

/**
 * Lists the files of the start-up stages in index.html (a JSON script block, which the CSP lets
 * be: it is data, never run). The entry preloads them all at once after the first paint, so the
 * stages cost no round trip each, and the boot markup paints before any of them is asked for.
 */
export function startupFiles(): Plugin {
  return {
    name: 'fleetport:startup-files',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const entry = Object.values(context.bundle ?? {}).find(
          (output) => output.type === 'chunk' && output.isEntry,
        );
        if (!entry || !context.bundle) return html;
        const files = stageFiles(context.bundle, entry.fileName).map((file) => `/${file}`);
        const list = `    <script type="application/json" id="${STARTUP_FILES_ID}">${JSON.stringify(files)}</script>\n`;
        return html.replace('</head>', `${list}  </head>`);
      },
    },
  };
}
