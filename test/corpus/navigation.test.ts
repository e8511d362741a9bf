import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseDocsJson, resolveNavigation, type DocsConfig, type NavigationNode } from '../../src/index.js';
import { corpusSites, corpusSitesRoot, hasCorpus } from '../helpers/corpus.js';
import { expectedJson, folderReader } from '../helpers/fixtures.js';

function count(nodes: readonly NavigationNode[], counts: Record<string, number> = {}): Record<string, number> {
  for (const node of nodes) {
    counts[node.kind] = (counts[node.kind] ?? 0) + 1;
    if ('children' in node) count(node.children, counts);
  }
  return counts;
}

// Every corpus site resolves, with its pages.txt as the page files. What it finds (missing and
// untranslated pages, duplicates, endpoint references without a document) is recorded per site
// in test/corpus/navigation/<site>.json, so a change in behaviour shows up as a diff.
describe.skipIf(!hasCorpus)('resolveNavigation on the corpus sites', () => {
  for (const site of corpusSites()) {
    it(site, () => {
      const folder = path.join(corpusSitesRoot, site);
      const text = readFileSync(path.join(folder, 'docs.json'), 'utf8');
      const parsed = parseDocsJson(text, { readFile: folderReader(folder) });
      // Sites whose docs.json has errors are resolved from the raw value: the walker must still hold.
      const config = parsed.config ?? (JSON.parse(text) as DocsConfig);
      const files = readFileSync(path.join(folder, 'pages.txt'), 'utf8').split('\n').filter(Boolean);
      const result = resolveNavigation(config, { files, locate: parsed.locate });
      const actual = {
        nodes: count(result.tree.root.children),
        pages: result.pages.byPath.size,
        missingPages: result.missingPages.map((entry) => ({ section: entry.section.join(' › '), count: entry.count })),
        diagnostics: result.diagnostics.map(
          (diagnostic) => `${diagnostic.file}:${diagnostic.line}:${diagnostic.column} ${diagnostic.severity} ${diagnostic.code} ${diagnostic.message}`,
        ),
      };
      expect(actual).toEqual(expectedJson(path.join(import.meta.dirname, 'navigation', `${site}.json`), actual));
      expect(result.pages.list.length).toBeGreaterThan(0);
    });
  }
});
