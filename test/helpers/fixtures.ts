import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Absolute path of a folder under `fixtures/`. */
export function fixturePath(...parts: string[]): string {
  return fileURLToPath(new URL(`../../fixtures/${parts.join('/')}`, import.meta.url));
}

/** The case folders of a fixture folder, sorted. */
export function fixtureCases(folder: string): string[] {
  return readdirSync(fixturePath(folder), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

/** A `readFile` for parseDocsJson over a folder: `undefined` for files that do not exist. */
export function folderReader(folder: string): (file: string) => string | undefined {
  return (file) => {
    const target = path.join(folder, file);
    return existsSync(target) ? readFileSync(target, 'utf8') : undefined;
  };
}

/**
 * Compares `actual` with the JSON in `file`; with UPDATE=1 in the environment, writes it instead
 * (review the diff before committing).
 */
export function expectedJson(file: string, actual: unknown): unknown {
  if (process.env.UPDATE === '1' || !existsSync(file)) {
    if (process.env.UPDATE !== '1') throw new Error(`${file} is missing; run with UPDATE=1 to create it, then review it.`);
    writeFileSync(file, `${JSON.stringify(actual, null, 2)}\n`);
  }
  return JSON.parse(readFileSync(file, 'utf8'));
}

/** Like {@link expectedJson}, for text: compares with the file, or writes it with UPDATE=1. */
export function expectedText(file: string, actual: string): string {
  if (process.env.UPDATE === '1' || !existsSync(file)) {
    if (process.env.UPDATE !== '1') throw new Error(`${file} is missing; run with UPDATE=1 to create it, then review it.`);
    writeFileSync(file, actual);
  }
  return readFileSync(file, 'utf8');
}

/** Writes `files` (path in the folder → text) into a new temporary folder and returns its path. */
export function temporarySite(files: Record<string, string>, prefix = 'quire-site-'): string {
  const root = mkdtempSync(path.join(tmpdir(), prefix));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}
