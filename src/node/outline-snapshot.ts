import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { importPath } from '../content/rendered.js';
import { CONTENT_KEY_SALT } from './content-cache.js';
import type { LoadedSite } from './load-site.js';

// `quire dev` serves its first page from the site's outline (its navigation, endpoint pages and
// frontmatter), which takes a site of 5,000 pages 2 s to make: every file listed and read, the
// OpenAPI documents expanded. The outline of the last run, kept in the cache folder, serves the
// first page at once; the outline made meanwhile replaces it, and a page it served that the
// checked site shows otherwise reloads in the browser.

const FILE = 'dev-outline.v8';

/**
 * What an outline snapshot is valid for: this build of Quire, the site's docs.json (its bytes)
 * and the options that change what the outline holds. A page added, retitled or moved since is
 * not in it; the caller replaces the snapshot's answers with the site's own once it has them.
 */
export function outlineSnapshotKey(docsJson: string, options: { strict: boolean; offline: boolean }): string | undefined {
  let bytes: Buffer;
  try {
    bytes = readFileSync(docsJson);
  } catch {
    return undefined;
  }
  return createHash('sha256')
    .update(CONTENT_KEY_SALT)
    .update(JSON.stringify({ docsJson: path.resolve(docsJson), strict: options.strict, offline: options.offline }))
    .update(bytes)
    .digest('hex');
}

/** The outline kept in `cacheDir` under `key`, or `undefined` (none, another key, unreadable). */
export function readOutlineSnapshot<Site extends LoadedSite>(cacheDir: string, key: string): Site | undefined {
  try {
    const kept = deserialize(readFileSync(path.join(cacheDir, FILE))) as { key?: unknown; site?: Site };
    return kept.key === key && kept.site !== undefined ? kept.site : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Keeps `site`'s outline in `cacheDir` under `key`, written whole or not at all (a temporary file
 * renamed). The texts of the files its diagnostics name are left out. Failing to write is not an
 * error: the next run makes its outline as this one did.
 */
export function writeOutlineSnapshot(cacheDir: string, key: string, site: LoadedSite): void {
  const target = path.join(cacheDir, FILE);
  const temporary = `${target}.${process.pid}.tmp`;
  try {
    mkdirSync(cacheDir, { recursive: true });
    writeFileSync(temporary, serialize({ key, site: { ...site, sources: {} } }));
    renameSync(temporary, target);
  } catch {
    rmSync(temporary, { force: true });
  }
}

const PAGES_FILE = 'dev-pages.v8';

/** How many pages' HTML a run keeps for the next (those served last). */
export const KEPT_PAGES = 16;

/**
 * A page's HTML as `quire dev` last served it, and what it was made from: the bytes' hash of the
 * page's file and of each file it imports (see {@link pageSources}).
 */
export interface KeptPage {
  html: string;
  sources: Record<string, string>;
}

/**
 * The pages' HTML kept in `cacheDir` under `key` (the outline's), by href; empty when there is
 * none or it cannot be read. The first page asked for after a start is served from it when its
 * sources are as they were: at once, before the page's module is compiled and its code
 * highlighted (1 s of firecrawl-docs's first page). The checks then compare it with the site as
 * they compare the pages served from the kept outline.
 */
export function readKeptPages(cacheDir: string, key: string): Map<string, KeptPage> {
  try {
    const kept = deserialize(readFileSync(path.join(cacheDir, PAGES_FILE))) as { key?: unknown; pages?: [string, KeptPage][] };
    return kept.key === key && Array.isArray(kept.pages) ? new Map(kept.pages) : new Map();
  } catch {
    return new Map();
  }
}

/** Keeps `pages` (the last {@link KEPT_PAGES}) in `cacheDir` under `key`, written whole or not at all. */
export function writeKeptPages(cacheDir: string, key: string, pages: ReadonlyMap<string, KeptPage>): void {
  const target = path.join(cacheDir, PAGES_FILE);
  const temporary = `${target}.${process.pid}.tmp`;
  try {
    mkdirSync(cacheDir, { recursive: true });
    writeFileSync(temporary, serialize({ key, pages: [...pages].slice(-KEPT_PAGES) }));
    renameSync(temporary, target);
  } catch {
    rmSync(temporary, { force: true });
  }
}

// `import x from "./a.mdx"`, `export { y } from '../b.jsx'`, `import "./c.js"`, `require("./d")`,
// and the legacy `<Snippet file="e.mdx" />`.
const IMPORTED = /\b(?:from|import)\s*["']([^"'\n]+)["']|\brequire\(\s*["']([^"'\n]+)["']\s*\)|<Snippet\s[^>]*?\bfile=["']([^"'\n]+)["']/g;

/**
 * The files a page is made from, each with its bytes' hash: the page's file and every file of the
 * site it imports, through the files they import (MDX snippets, components), found by their
 * import statements and resolved on disk as the compiler resolves them (not from a list of the
 * site's files, which a kept outline may have from before a snippet was added). A file that
 * cannot be read is in it with an empty hash.
 */
export function pageSources(root: string, file: string): Record<string, string> {
  const sources: Record<string, string> = {};
  const queue = [file];
  for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
    if (next in sources) continue;
    let bytes: Buffer;
    try {
      bytes = readFileSync(path.join(root, next));
    } catch {
      sources[next] = '';
      continue;
    }
    sources[next] = createHash('sha256').update(bytes).digest('hex');
    for (const match of bytes.toString('utf8').matchAll(IMPORTED)) {
      const imported = importedFile(root, (match[1] ?? match[2] ?? match[3]) as string, next, match[3] !== undefined);
      if (imported !== undefined) queue.push(imported);
    }
  }
  return sources;
}

/**
 * The site's file (from `root`) an import of `specifier` in `from` names, with the extensions the
 * compiler tries; undefined for a package or nothing. A `<Snippet file>` is looked for where the
 * compiler looks first (`_snippets/`, `snippets/`, the root); one it finds by its name elsewhere
 * is not followed, and a change to it shows once the checks have compared the page.
 */
function importedFile(root: string, specifier: string, from: string, legacy: boolean): string | undefined {
  const written = specifier.replace(/^\.?\/+/, '');
  const bases = legacy ? [`_snippets/${written}`, `snippets/${written}`, written] : /^\.{0,2}\//.test(specifier) ? [importPath(specifier, from)] : [];
  for (const base of bases) {
    if (base.startsWith('../') || base === '..') continue;
    for (const extension of ['', '.mdx', '.md', '.jsx', '.tsx', '.js', '.ts']) {
      try {
        if (statSync(path.join(root, base + extension)).isFile()) return base + extension;
      } catch {
        // Not this one.
      }
    }
  }
  return undefined;
}

/** Whether `kept`'s sources are as they are on disk now. */
export function keptPageIsCurrent(kept: KeptPage, now: Record<string, string>): boolean {
  const files = Object.keys(kept.sources);
  return files.length === Object.keys(now).length && files.every((file) => now[file] === kept.sources[file]);
}
