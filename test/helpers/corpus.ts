import { existsSync, readdirSync, readFileSync } from 'node:fs';
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
