import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import type { FileContent } from '../../src/site/types.js';
import { openApiFilesOf, readsContent } from './site-inputs.js';

/** The shared corpus of real sites (../shared/corpus beside the repository), when it is there. */
export const CORPUS_SITES = fileURLToPath(new URL('../../../shared/corpus/sites/', import.meta.url));

export const corpusAvailable = existsSync(CORPUS_SITES);

/**
 * A corpus site as compiler inputs, from its files.txt, docs.json and content.jsonl.gz (no folder
 * is written): every file listed, the texts of pages, snippets and OpenAPI documents as the
 * repository holds them; other files (images) are listed without content.
 */
export function corpusInputs(site: string): { files: string[]; texts: Map<string, FileContent>; openApiFiles: string[] } {
  const folder = path.join(CORPUS_SITES, site);
  const files = readFileSync(path.join(folder, 'files.txt'), 'utf8').split('\n').filter(Boolean);
  const texts = new Map<string, FileContent>();
  texts.set('docs.json', readFileSync(path.join(folder, 'docs.json'), 'utf8'));
  for (const line of gunzipSync(readFileSync(path.join(folder, 'content.jsonl.gz')))
    .toString('utf8')
    .split('\n')) {
    if (!line) continue;
    const { path: file, text } = JSON.parse(line) as { path: string; text: string };
    if (readsContent(file)) texts.set(file, text);
  }
  // Files docs.json pulls in by `$ref`, kept beside it.
  for (const file of files)
    if (!texts.has(file) && /\.json$/i.test(file) && existsSync(path.join(folder, file))) texts.set(file, readFileSync(path.join(folder, file), 'utf8'));
  const listed = new Set(files);
  for (const file of texts.keys()) if (!listed.has(file)) files.push(file);
  return { files: files.sort(), texts, openApiFiles: openApiFilesOf(texts) };
}
