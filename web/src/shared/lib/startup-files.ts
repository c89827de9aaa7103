/**
 * The files of the start-up stages (see src/main.tsx), listed by the build in index.html as
 * `<script type="application/json" id="fp-startup">["/assets/…", …]</script>`.
 */
export const STARTUP_FILES_ID = 'fp-startup';

/**
 * Asks the browser for every start-up file at once, as `<link rel="modulepreload">` (fetched
 * and compiled, not run), so the stages that follow find their code there. Returns how many
 * links it added; a missing or unreadable list adds none (each stage then fetches its own).
 */
export function preloadStartupFiles(doc: Document): number {
  const list = doc.getElementById(STARTUP_FILES_ID)?.textContent;
  if (!list) return 0;
  let files: unknown;
  try {
    files = JSON.parse(list);
  } catch {
    return 0;
  }
  if (!Array.isArray(files)) return 0;
  const linked = new Set(
    Array.from(doc.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]'), (link) =>
      link.getAttribute('href'),
    ),
  );
  // One insertion for all the links: one DOM mutation instead of one per file.
  const links = doc.createDocumentFragment();
  let added = 0;
  for (const file of files) {
    if (typeof file !== 'string' || !file.startsWith('/assets/') || linked.has(file)) continue;
    linked.add(file);
    const link = doc.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = file;
    links.append(link);
    added += 1;
  }
  doc.head.append(links);
  return added;
}

/**
 * Resolves once the browser has painted what the page holds now (the edge's boot markup) and
 * shown it: a task after the second animation frame (the first frame's paint reaches the
 * screen after its callbacks have run). A hidden tab paints nothing, so there it resolves at
 * once; `fallbackMs` bounds the wait should frames not come.
 */
export function afterFirstPaint(
  doc: Pick<Document, 'visibilityState'> = document,
  fallbackMs = 1000,
): Promise<void> {
  if (doc.visibilityState === 'hidden') return Promise.resolve();
  return new Promise((resolve) => {
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      resolve();
    };
    requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(finish, 0)));
    setTimeout(finish, fallbackMs);
  });
}
