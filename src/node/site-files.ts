import { realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import fastGlob from 'fast-glob';
import type { Diagnostic } from '../diagnostics/diagnostic.js';

/** What {@link walkSiteFiles} found. */
export interface SiteFileWalk {
  /** Every file under the root, by the names a reader uses (through links too), with `/`, sorted. */
  files: string[];
  /** One for each symbolic link that leads outside the root or loops. */
  diagnostics: Diagnostic[];
}

/** Folders never listed: tools' own, and Quire's cache. */
const IGNORED = ['**/node_modules/**', '**/.git/**', '.quire/**'];

/**
 * Every file under `root`, following symbolic links that stay inside it: a page behind a link to
 * a file or a folder of the site is listed under the link's name, as a reader of the folder sees
 * it. A link that leads outside `root` (`files/symlink-outside-site`) or loops (a chain of links
 * that never ends, or a folder link to a folder that holds it: `files/symlink-loop`) is not
 * followed and is reported, by its name. A link to nothing is left out, as before.
 */
export async function walkSiteFiles(root: string): Promise<SiteFileWalk> {
  const realRoot = await realpath(root).catch(() => path.resolve(root));
  const walk: Walk = { files: [], diagnostics: [], reported: new Set() };
  await walkFolder(root, '', [realRoot], realRoot, walk);
  return { files: walk.files.sort(), diagnostics: walk.diagnostics };
}

/** A walk under way: what it found, and the links reported (by real path: a link seen through another is reported once). */
interface Walk extends SiteFileWalk {
  reported: Set<string>;
}

/** Lists `folder` (shown as `prefix`), whose real path and its real ancestors through the walk are `realFolders`. */
async function walkFolder(folder: string, prefix: string, realFolders: readonly string[], realRoot: string, walk: Walk): Promise<void> {
  const entries = await fastGlob(['**/*'], {
    cwd: folder,
    ignore: prefix === '' ? IGNORED : IGNORED.slice(0, 2),
    onlyFiles: false,
    objectMode: true,
    followSymbolicLinks: false,
    dot: true,
  });
  for (const entry of entries) {
    const name = prefix + entry.path;
    if (entry.dirent.isFile()) walk.files.push(name);
    if (!entry.dirent.isSymbolicLink()) continue;
    const link = path.join(folder, entry.path);
    const realParent = path.join(realFolders.at(-1) as string, path.dirname(entry.path));
    const report = (diagnostic: Diagnostic) => {
      const realLink = path.join(realParent, path.basename(entry.path));
      if (walk.reported.has(realLink)) return;
      walk.reported.add(realLink);
      walk.diagnostics.push(diagnostic);
    };
    let target: string;
    try {
      target = await realpath(link);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ELOOP') report(loop(name, 'its chain of links never reaches a file or folder'));
      continue;
    }
    if (target !== realRoot && !target.startsWith(`${realRoot}${path.sep}`)) {
      report({
        code: 'files/symlink-outside-site',
        severity: 'warning',
        message: `The symbolic link ${name} leads outside the site, to ${target}; Quire does not follow it, so nothing behind it is part of the site.`,
        file: name,
        pointer: '',
        hint: 'Copy what it points to into the site folder, or point the link at a file or folder inside the site.',
      });
      continue;
    }
    const kind = await stat(target).catch(() => undefined);
    if (kind?.isFile()) walk.files.push(name);
    else if (kind?.isDirectory()) {
      // A folder that holds the link, or one this walk came through by a link: following it
      // again would list the same files forever.
      if ([...realFolders, realParent].some((real) => real === target || real.startsWith(`${target}${path.sep}`))) {
        report(loop(name, `it leads to ${path.relative(realRoot, target) || 'the site folder'}, which holds the link itself`));
        continue;
      }
      await walkFolder(target, `${name}/`, [...realFolders, target], realRoot, walk);
    }
  }
}

function loop(name: string, why: string): Diagnostic {
  return {
    code: 'files/symlink-loop',
    severity: 'warning',
    message: `The symbolic link ${name} loops: ${why}. Quire does not follow it.`,
    file: name,
    pointer: '',
    hint: 'Remove the link, or point it at the file or folder it stands for.',
  };
}
