/** Posix path helpers for the core, which cannot use `node:path`. */

/** The folder part of a path: `docs/docs.json` gives `docs`, `docs.json` gives `''`. */
export function dirname(path: string): string {
  const index = path.lastIndexOf('/');
  if (index === -1) return '';
  return index === 0 ? '/' : path.slice(0, index);
}

/** Joins and normalises segments: `.` and empty segments go, `..` removes the previous one. */
export function joinPath(...parts: string[]): string {
  const joined = parts.filter((part) => part !== '').join('/');
  const absolute = joined.startsWith('/');
  const out: string[] = [];
  for (const segment of joined.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (out.length > 0 && out[out.length - 1] !== '..') out.pop();
      else if (!absolute) out.push('..');
    } else out.push(segment);
  }
  return (absolute ? '/' : '') + out.join('/');
}

/** Whether `path` is `folder` or under it (no slashes at the ends of either; `''` is the root). */
export function isInFolder(path: string, folder: string): boolean {
  return folder === '' || path === folder || path.startsWith(`${folder}/`);
}

/**
 * Resolves `reference` (relative to the folder of `fromFile`, or to `root` when it starts with
 * `/`) and returns it, or `undefined` when it leaves `root`.
 */
export function resolveInside(root: string, fromFile: string, reference: string): string | undefined {
  const target = reference.startsWith('/') ? joinPath(root, reference.slice(1)) : joinPath(dirname(fromFile), reference);
  const base = joinPath(root);
  if (base === '') return target.startsWith('../') || target === '..' || target.startsWith('/') ? undefined : target;
  if (target === base) return undefined;
  return target.startsWith(base === '/' ? '/' : `${base}/`) ? target : undefined;
}
