import { existsSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The shared corpus of real documentation sites (`../shared/corpus` beside the repository). */
export const corpusRoot = fileURLToPath(new URL('../../../shared/corpus/', import.meta.url));
export const corpusSitesRoot = `${corpusRoot}sites/`;

/** Whether the corpus is present (it is on developers' machines and in CI, not in an npm install). */
export const hasCorpus = existsSync(corpusSitesRoot);

/** The site folders of the corpus, sorted. */
export function corpusSites(): string[] {
  return hasCorpus ? readdirSync(corpusSitesRoot).sort() : [];
}
