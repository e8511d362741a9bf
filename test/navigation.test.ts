import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseDocsJson, resolveNavigation, type NavigationNode, type PageFrontmatter } from '../src/index.js';
import { expectedJson, fixtureCases, fixturePath } from './helpers/fixtures.js';

/** The tree as one line per node, indented: what a renderer would draw, with the resolved fields. */
function outline(nodes: readonly NavigationNode[], depth = 0): string[] {
  return nodes.flatMap((node) => {
    const fields: string[] = [node.kind, JSON.stringify(node.label)];
    if (node.openapi.length) fields.push(`openapi=${node.openapi.map((source) => `${source.source}→${source.directory}`).join(',')}`);
    if (node.version) fields.push(`version=${node.version}${node.versionTag ? `(${node.versionTag})` : ''}`);
    if (node.language) fields.push(`language=${node.language}`);
    if (node.breadcrumbs.length) fields.push(`breadcrumbs=${node.breadcrumbs.join('›')}`);
    if (node.icon) fields.push(`icon=${JSON.stringify(node.icon)}`);
    if (node.hidden) fields.push('hidden');
    switch (node.kind) {
      case 'group':
        fields.push(`expanded=${node.expanded}`, `collapsible=${node.collapsible}`, `drilldown=${node.drilldown}`);
        if (node.root) fields.push(`root=${node.root}`);
        if (node.allOperations) fields.push('allOperations');
        break;
      case 'page':
        fields.push(`path=${node.path}`);
        if (node.title) fields.push(`title=${JSON.stringify(node.title)}`);
        if (node.tag) fields.push(`tag=${node.tag}`);
        if (node.deprecated) fields.push('deprecated');
        if (node.frontmatterOpenApi) fields.push(`frontmatterOpenApi=${JSON.stringify(node.frontmatterOpenApi)}`);
        break;
      case 'endpoint':
        fields.push(`method=${node.method}`, `path=${node.path}`);
        if (node.spec) fields.push(`spec=${node.spec}`);
        break;
      case 'webhook':
        fields.push(`name=${node.name}`);
        if (node.spec) fields.push(`spec=${node.spec}`);
        break;
      case 'link':
        fields.push(`element=${node.element}`, `href=${node.href}`);
        break;
      default:
        if (node.description) fields.push(`description=${JSON.stringify(node.description)}`);
        if (node.default) fields.push('default');
    }
    const line = `${'  '.repeat(depth)}${fields.join(' ')}`;
    return 'children' in node ? [line, ...outline(node.children, depth + 1)] : [line];
  });
}

// Each folder of fixtures/navigation: docs.json, optional files.txt (page files), options.json
// and frontmatter.json (by page path); expected.json holds the outline, the page index and the
// diagnostics.
describe('resolveNavigation on fixtures/navigation', () => {
  for (const name of fixtureCases('navigation')) {
    it(name, () => {
      const folder = fixturePath('navigation', name);
      const read = (file: string) => (existsSync(path.join(folder, file)) ? readFileSync(path.join(folder, file), 'utf8') : undefined);
      const parsed = parseDocsJson(read('docs.json') as string);
      expect(parsed.diagnostics).toEqual([]);
      const files = read('files.txt')?.split('\n').filter(Boolean);
      const frontmatter = new Map(Object.entries(JSON.parse(read('frontmatter.json') ?? '{}') as Record<string, PageFrontmatter>));
      const options = JSON.parse(read('options.json') ?? '{}') as Record<string, unknown>;
      const result = resolveNavigation(parsed.config!, { ...options, frontmatter, locate: parsed.locate, ...(files ? { files } : {}) });
      const actual = {
        tree: outline(result.tree.root.children),
        global: outline(result.tree.global),
        pages: result.pages.list.map((page) => ({ path: page.path, section: page.section, previous: page.previous, next: page.next })),
        missingPages: result.missingPages,
        diagnostics: result.diagnostics,
      };
      expect(JSON.parse(JSON.stringify(actual))).toEqual(expectedJson(path.join(folder, 'expected.json'), JSON.parse(JSON.stringify(actual))));
      for (const diagnostic of result.diagnostics) expect(diagnostic.line).toBeGreaterThan(0);
    });
  }
});
