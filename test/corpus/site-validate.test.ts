import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { corpusSites, corpusSitesRoot, hasCorpus } from '../helpers/corpus.js';
import { MINTIGNORE } from './mintignore.js';
import { CORPUS_PARTS, corpusPart, expectationFolder, linkRotFolder } from './site-validate-sites.js';

// What holds for the corpus as a whole; each site is validated in site-validate.<part>.test.ts.
describe.skipIf(!hasCorpus)('quire validate on the corpus sites with their content', () => {
  it('has 52 sites', () => {
    expect(corpusSites().length).toBe(52);
  });

  it('validates every site in exactly one part', () => {
    const dealt = Array.from({ length: CORPUS_PARTS }, (_, index) => corpusPart(index + 1));
    expect(dealt.flat().sort()).toEqual(corpusSites());
    for (const sites of dealt) expect(sites.length).toBeGreaterThan(0);
  });

  it('has one expectation file for every site, and none for a site not in the corpus', () => {
    const sites = (folder: string) =>
      readdirSync(folder)
        .map((file) => file.replace(/\.json$/, ''))
        .sort();
    expect(sites(expectationFolder)).toEqual(corpusSites());
    expect(sites(linkRotFolder).filter((site) => !corpusSites().includes(site))).toEqual([]);
  });

  it('knows the .mintignore of every site that has one', () => {
    const withFile = corpusSites().filter((site) =>
      readFileSync(path.join(corpusSitesRoot, site, 'files.txt'), 'utf8')
        .split('\n')
        .includes('.mintignore'),
    );
    expect(Object.keys(MINTIGNORE).sort()).toEqual(withFile);
  });
});
