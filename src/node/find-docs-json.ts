import { readdir } from 'node:fs/promises';
import path from 'node:path';

/** How deep below the folder to look, and how many folders at most: `quire validate /` must stay quick. */
const MAX_DEPTH = 4;
const MAX_FOLDERS = 2000;

/**
 * The folder nearest below `folder` (fewest levels down, then by name) that holds a docs.json, or
 * `undefined`. Used to say "did you mean docs/?" when a command is run in the wrong folder.
 * Skips node_modules and hidden folders, where a docs.json is a dependency's or a tool's.
 */
export async function findNearestDocsJson(folder: string): Promise<string | undefined> {
  // Breadth first, so that the first folder found is one of the nearest.
  const queue: Array<{ dir: string; depth: number }> = [{ dir: folder, depth: 0 }];
  for (let visited = 0; visited < queue.length && visited < MAX_FOLDERS; visited++) {
    const { dir, depth } = queue[visited] as { dir: string; depth: number };
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
    if (depth > 0 && entries.some((entry) => entry.isFile() && entry.name === 'docs.json')) return dir;
    if (depth === MAX_DEPTH) continue;
    const children = entries
      .filter((entry) => entry.isDirectory() && entry.name !== 'node_modules' && !entry.name.startsWith('.'))
      .map((entry) => entry.name)
      .sort();
    for (const child of children) queue.push({ dir: path.join(dir, child), depth: depth + 1 });
  }
  return undefined;
}
