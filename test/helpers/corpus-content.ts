import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { corpusRoot, corpusSitesRoot } from './corpus.js';

/** One file of a corpus site's `content.jsonl.gz`: a page, an OpenAPI description or a snippet component. */
export interface CorpusFile {
  /** Path from the site's docs root (`api/users/get.mdx`). */
  path: string;
  text: string;
}

/** Every file of a corpus site's content, in the order the corpus lists them. */
export function corpusContent(site: string): CorpusFile[] {
  const lines = gunzipSync(readFileSync(`${corpusSitesRoot}${site}/content.jsonl.gz`))
    .toString('utf8')
    .split('\n');
  return lines.filter((line) => line.trim() !== '').map((line) => JSON.parse(line) as CorpusFile);
}

/** The pages (`.md`, `.mdx`) of a corpus site's content. */
export function corpusPages(site: string): CorpusFile[] {
  return corpusContent(site).filter((file) => /\.mdx?$/i.test(file.path));
}

/** One row of the corpus's OPENAPI.tsv: an OpenAPI file a site uses, kept in the corpus. */
export interface CorpusOpenApiFile {
  site: string;
  /** Path from the corpus root (`sites/<site>/openapi.json`). */
  file: string;
  bytes: number;
}

/** The OpenAPI files of the corpus, as OPENAPI.tsv lists them. */
export function corpusOpenApiFiles(): CorpusOpenApiFile[] {
  const rows = readFileSync(`${corpusRoot}OPENAPI.tsv`, 'utf8').trim().split('\n').slice(1);
  return rows.map((row) => {
    const [site, file, bytes] = row.split('\t') as [string, string, string];
    return { site, file, bytes: Number(bytes) };
  });
}

/**
 * Whether a corpus test run covers every item (`QUIRE_FULL_CORPUS=1`) rather than its fixed
 * sample: the whole corpus takes many minutes, too long for every `npm test`.
 */
export const fullCorpus = process.env.QUIRE_FULL_CORPUS === '1';

/**
 * A fixed sample: whether `key` is one of about `1 / every` of all keys, by a hash of the key
 * (FNV-1a), so that the sample is the same on every run and machine and does not follow the
 * corpus's order. Always true under {@link fullCorpus}.
 */
export function inSample(key: string, every: number): boolean {
  return fullCorpus || sampleHash(key) % every === 0;
}

/** A fixed hash of `key` (FNV-1a, 32 bits): the order of a sample that does not follow the corpus's. */
export function sampleHash(key: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < key.length; index++) hash = Math.imul(hash ^ key.charCodeAt(index), 0x01000193) >>> 0;
  return hash;
}
