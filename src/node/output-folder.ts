import { realpath } from 'node:fs/promises';
import { homedir } from 'node:os';
import path from 'node:path';

/**
 * Why `out` must not receive a build of the site in `siteRoot`, or undefined when it may: the
 * site folder itself, a folder that holds the site, the root of a file system (`/`, `C:\`) or the
 * home folder. Paths are compared as the system resolves them (symbolic links followed), so a
 * link to the site is the site.
 */
export async function refuseOutputFolder(out: string, siteRoot: string): Promise<string | undefined> {
  const [target, site, home] = await Promise.all([resolvedPath(out), resolvedPath(siteRoot), resolvedPath(homedir())]);
  if (path.parse(target).root === target) return `${out} is the root of a file system`;
  if (target === site) return `${out} is the site folder`;
  if (isInside(site, target)) return `${out} holds the site folder ${siteRoot}`;
  if (target === home) return `${out} is the home folder`;
  return undefined;
}

/** Whether `inner` is below `outer` (both absolute and resolved). */
function isInside(inner: string, outer: string): boolean {
  const relative = path.relative(outer, inner);
  return relative !== '' && !relative.startsWith(`..${path.sep}`) && relative !== '..' && !path.isAbsolute(relative);
}

/** `file` with its links resolved; for a path not created yet, its nearest existing folder resolved and the rest as given. */
async function resolvedPath(file: string): Promise<string> {
  const absolute = path.resolve(file);
  const rest: string[] = [];
  for (let current = absolute; ;) {
    try {
      return path.join(await realpath(current), rest.reverse().join(path.sep));
    } catch {
      const parent = path.dirname(current);
      if (parent === current) return absolute;
      rest.push(path.basename(current));
      current = parent;
    }
  }
}
