import {
  accessSync,
  constants,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statfsSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';

/**
 * The shared corpus of real documentation sites: `QUIRE_CORPUS=<dir>` when set (relative to the
 * current folder), else `../shared/corpus` beside the repository. Ends with a `/`.
 */
export const corpusRoot = `${path.resolve(process.env.QUIRE_CORPUS || fileURLToPath(new URL('../../../shared/corpus/', import.meta.url)))}/`;
export const corpusSitesRoot = `${corpusRoot}sites/`;

/** Whether the corpus is present (it is on developers' machines and in CI, not in an npm install). */
export const hasCorpus = existsSync(corpusSitesRoot);

// A skipped suite must say why, or a run without the corpus looks like a run that passed it.
if (!hasCorpus) {
  const how = process.env.QUIRE_CORPUS
    ? `QUIRE_CORPUS=${process.env.QUIRE_CORPUS} has no sites/ folder`
    : `${corpusRoot} does not exist; set QUIRE_CORPUS=<dir> to point at the corpus`;
  console.warn(`[quire tests] corpus tests skipped: ${how}`);
}

/** The site folders of the corpus, sorted. */
export function corpusSites(): string[] {
  return hasCorpus ? readdirSync(corpusSitesRoot).sort() : [];
}

/** One page of a corpus site, as its repository holds it. */
export interface CorpusPage {
  site: string;
  /** Relative to the site's docs folder. */
  path: string;
  text: string;
}

/** Every `.md`/`.mdx` page of the corpus (from each site's content.jsonl.gz), site by site. */
export function* corpusPages(sites: readonly string[] = corpusSites()): Generator<CorpusPage> {
  for (const site of sites) {
    const file = `${corpusSitesRoot}${site}/content.jsonl.gz`;
    if (!existsSync(file)) continue;
    for (const line of gunzipSync(readFileSync(file)).toString('utf8').split('\n')) {
      if (!line) continue;
      const entry = JSON.parse(line) as { path: string; text: string };
      if (/\.mdx?$/i.test(entry.path)) yield { site, path: entry.path, text: entry.text };
    }
  }
}

/**
 * A new folder to materialize corpus sites in: under /dev/shm (memory) where there is one, else
 * the temporary folder. A site is written out and removed again for each test, up to 7,000 files:
 * on a disk that discards freed blocks, removing the 52 sites took 58 s and writing them 31 s,
 * against 1 s and 12 s in memory (2026-11-27, this project's 2-core machine).
 */
export function corpusScratch(prefix: string): string {
  return mkdtempSync(path.join(memoryFolder() ?? tmpdir(), prefix));
}

/** /dev/shm when it is writable and has room for a few sites side by side (a container's is often 64 MB). */
function memoryFolder(): string | undefined {
  try {
    accessSync('/dev/shm', constants.W_OK);
    const { bavail, bsize } = statfsSync('/dev/shm');
    return bavail * bsize >= 1024 ** 3 ? '/dev/shm' : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Writes a corpus site out into `folder` as its repository holds it, as the corpus's
 * materialize.mjs does (see its README): every file of files.txt, empty; every page, OpenAPI
 * description and snippet of content.jsonl.gz with its text; the files kept beside them in the
 * site's corpus folder (docs.json, the OpenAPI files) as they are. Here, not in a `node
 * materialize.mjs` process: that wrote each page twice (empty, then its text) and made its folder
 * again for every file, 23 s for the 52 sites against 11 s here (the corpus validation writes them
 * all in each `npm test`).
 */
export function materializeCorpusSite(site: string, folder: string): void {
  const from = path.join(corpusSitesRoot, site);
  const out = path.resolve(folder);
  const texts = new Map<string, string>();
  for (const file of readFileSync(path.join(from, 'files.txt'), 'utf8').split('\n')) if (file) texts.set(file, '');
  for (const line of gunzipSync(readFileSync(path.join(from, 'content.jsonl.gz')))
    .toString('utf8')
    .split('\n')) {
    if (!line) continue;
    const entry = JSON.parse(line) as { path: string; text: string };
    texts.set(entry.path, entry.text);
  }
  const folders = new Set<string>();
  /** The file's place in `out`, its folder made; undefined for a path out of `out`. */
  const place = (file: string): string | undefined => {
    const target = path.resolve(out, file);
    if (!target.startsWith(out + path.sep)) return undefined;
    const parent = path.dirname(target);
    if (!folders.has(parent)) mkdirSync(parent, { recursive: true });
    folders.add(parent);
    return target;
  };
  for (const [file, text] of texts) {
    const target = place(file);
    if (target) writeFileSync(target, text);
  }
  const kept = (readdirSync(from, { recursive: true, encoding: 'utf8' }) as string[]).map((file) => file.split(path.sep).join('/'));
  for (const file of kept) {
    if (['content.jsonl.gz', 'files.txt', 'pages.txt'].includes(file) || statSync(path.join(from, file)).isDirectory()) continue;
    const target = place(file);
    if (target) copyFileSync(path.join(from, file), target);
  }
}
