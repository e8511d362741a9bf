import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ignoredFiles, type IgnoredFiles } from '../site/ignored-files.js';

export type { IgnoredFiles } from '../site/ignored-files.js';

/**
 * The files of the site at `root` that are not part of it: the platform's defaults, the patterns
 * of `root/.mintignore` (when it exists) and `patterns` (see `ignoredFiles`).
 */
export async function loadIgnoredFiles(root: string, patterns: readonly string[] = []): Promise<IgnoredFiles> {
  return ignoredFiles(await readFile(path.join(root, '.mintignore'), 'utf8').catch(() => ''), patterns);
}
