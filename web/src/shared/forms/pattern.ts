const compiled = new Map<string, RegExp | undefined>();

/**
 * An HTML `pattern` attribute as a RegExp: it must match the whole value, with the `v` flag as
 * browsers compile it. A pattern that does not compile is ignored, as browsers ignore it.
 */
export function patternRegExp(pattern: string | undefined): RegExp | undefined {
  if (!pattern) return undefined;
  if (!compiled.has(pattern)) {
    let regexp: RegExp | undefined;
    try {
      regexp = new RegExp(`^(?:${pattern})$`, 'v');
    } catch {
      regexp = undefined;
    }
    compiled.set(pattern, regexp);
  }
  return compiled.get(pattern);
}

/** Whether `value` matches the HTML `pattern` (always true without a usable pattern). */
export function matchesPattern(value: string, pattern: string | undefined): boolean {
  return patternRegExp(pattern)?.test(value) ?? true;
}
