import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastGlob from 'fast-glob';
import { describe, expect, it } from 'vitest';
import { expandOpenApiEndpoints, parseDocsJson, resolveNavigation, type DocsConfig, type NavigationNode, type PageFrontmatter } from '../../src/index.js';
import { parseFrontmatter } from '../../src/frontmatter/frontmatter.js';
import { filePagePath } from '../../src/navigation/classify.js';
import { checkRedirects } from '../../src/navigation/redirects.js';
import { buildSite } from '../../src/build/build-site.js';
import { corpusSites, corpusSitesRoot, hasCorpus } from '../helpers/corpus.js';
import { expectedJson, folderReader } from '../helpers/fixtures.js';

function sources(node: NavigationNode, found = new Set<string>()): Set<string> {
  for (const source of node.openapi) found.add(source.source);
  if ((node.kind === 'endpoint' || node.kind === 'webhook') && node.spec !== undefined) found.add(node.spec);
  if ('children' in node) for (const child of node.children) sources(child, found);
  return found;
}

function count(nodes: readonly NavigationNode[], counts: Record<string, number> = {}): Record<string, number> {
  for (const node of nodes) {
    if ((node.kind === 'endpoint' || node.kind === 'webhook') && node.href)
      counts[`${node.kind}s with a page`] = (counts[`${node.kind}s with a page`] ?? 0) + 1;
    if ('children' in node) count(node.children, counts);
  }
  return counts;
}

// The whole pipeline on every corpus site: docs.json, the navigation with pages.txt as the files,
// the frontmatter of the MDX pages the corpus keeps, and the OpenAPI documents in effect read from
// the site's folder (documents given by URL cannot be fetched here: reported as missing). The
// endpoint references and `openapi:` frontmatter found wrong are recorded per site in
// test/corpus/expand/<site>.json.
describe.skipIf(!hasCorpus)('expandOpenApiEndpoints on the corpus sites', () => {
  for (const site of corpusSites()) {
    it(site, async () => {
      const folder = path.join(corpusSitesRoot, site);
      const text = readFileSync(path.join(folder, 'docs.json'), 'utf8');
      const parsed = parseDocsJson(text, { readFile: folderReader(folder) });
      const config = parsed.config ?? (JSON.parse(text) as DocsConfig);
      const files = readFileSync(path.join(folder, 'pages.txt'), 'utf8').split('\n').filter(Boolean);
      const frontmatter = new Map<string, PageFrontmatter>();
      for (const file of await fastGlob(['**/*.mdx', '**/*.md'], { cwd: folder })) {
        const data = parseFrontmatter(readFileSync(path.join(folder, file), 'utf8'), file).data;
        if (data) frontmatter.set(filePagePath(file), data);
      }
      const resolved = resolveNavigation(config, { files, frontmatter, locate: parsed.locate });
      // What loadSite reads: the documents in effect, and the repository's OpenAPI files (the
      // corpus keeps the ones its pages use; OPENAPI.tsv lists them). URLs are not fetched here.
      const specs = new Map<string, string>();
      const repositoryFiles = readFileSync(path.join(corpusSitesRoot, '../OPENAPI.tsv'), 'utf8')
        .split('\n')
        .filter((line) => line.startsWith(`${site}\t`))
        .map((line) => (line.split('\t')[1] as string).slice(`sites/${site}/`.length));
      for (const source of [...sources(resolved.tree.root), ...repositoryFiles]) {
        const file = path.join(folder, source.replace(/^\/+/, ''));
        if (!/^[a-z]+:/i.test(source) && file.startsWith(folder) && existsSync(file)) specs.set(source, readFileSync(file, 'utf8'));
      }
      const expanded = expandOpenApiEndpoints(resolved.tree, specs, { locate: parsed.locate });
      // Redirect destinations against everything that has a page: the navigation, the files, the generated pages.
      const known = new Set([...resolved.pages.byPath.keys(), ...files.map(filePagePath), ...expanded.pages.map((page) => page.url.replace(/^\/+/, ''))]);
      const redirects = checkRedirects(config.redirects, known, { locate: parsed.locate });
      // The compiled site: every generated page gets its model file; the bytes do not depend on anything but the input.
      const compiled = buildSite({ config, tree: expanded.tree, endpointPages: expanded.pages });
      const paths = compiled.files.map((file) => file.path);
      expect(paths.filter((file) => file.startsWith('endpoints/'))).toEqual(compiled.site.endpoints.map((entry) => entry.model));
      // And the schema table of each document the pages come from, after them.
      expect(paths.slice(1 + compiled.site.endpoints.length)).toEqual([...new Set(compiled.site.endpoints.map((entry) => entry.schemas))].sort());
      expect(buildSite({ config, tree: expanded.tree, endpointPages: [...expanded.pages].reverse() }).files).toEqual(compiled.files);
      const actual = {
        compiled: {
          pages: compiled.site.pages.length,
          endpointPages: compiled.site.endpoints.length,
          diagnostics: compiled.diagnostics.map((diagnostic) => diagnostic.message),
        },
        documents: [...specs.keys()].sort(),
        generated: count(expanded.tree.root.children),
        pages: expanded.pages.length,
        findings: expanded.diagnostics
          .filter((diagnostic) => !diagnostic.file.match(/\.(ya?ml|json)$/) || diagnostic.file === 'docs.json')
          .map(
            (diagnostic) =>
              `${diagnostic.file}${diagnostic.line ? `:${diagnostic.line}` : ''} ${diagnostic.code} ${diagnostic.message}${diagnostic.suggestions ? ` (did you mean ${diagnostic.suggestions[0]})` : ''}`,
          ),
        redirects: {
          checked: config.redirects?.length ?? 0,
          findings: redirects.map(
            (diagnostic) =>
              `${diagnostic.file}:${diagnostic.line} ${diagnostic.code} ${diagnostic.message}${diagnostic.suggestions ? ` (did you mean ${diagnostic.suggestions[0]})` : ''}`,
          ),
        },
        documentErrors: expanded.diagnostics.filter(
          (diagnostic) => diagnostic.severity === 'error' && diagnostic.file !== 'docs.json' && /\.(ya?ml|json)$/.test(diagnostic.file),
        ).length,
      };
      expect(actual).toEqual(expectedJson(path.join(import.meta.dirname, 'expand', `${site}.json`), actual));
    });
  }
});
