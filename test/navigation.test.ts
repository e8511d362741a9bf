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
// diagnostics (and docs.json's own warnings, where it has any).
describe('resolveNavigation on fixtures/navigation', () => {
  for (const name of fixtureCases('navigation')) {
    it(name, () => {
      const folder = fixturePath('navigation', name);
      const read = (file: string) => (existsSync(path.join(folder, file)) ? readFileSync(path.join(folder, file), 'utf8') : undefined);
      const parsed = parseDocsJson(read('docs.json') as string);
      // docs.json is valid; its warnings (a list the platform ignores) are part of the expectation.
      expect(parsed.config).toBeDefined();
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
        ...(parsed.diagnostics.length
          ? { docsJsonWarnings: parsed.diagnostics.map((diagnostic) => `${diagnostic.line}:${diagnostic.column} ${diagnostic.code} ${diagnostic.pointer}`) }
          : {}),
      };
      expect(JSON.parse(JSON.stringify(actual))).toEqual(expectedJson(path.join(folder, 'expected.json'), JSON.parse(JSON.stringify(actual))));
      for (const diagnostic of result.diagnostics) expect(diagnostic.line).toBeGreaterThan(0);
    });
  }
});

// Page nodes are plain objects and the page index a Map: they must read, spread and serialise as
// the plain data they are.
describe('page nodes and the page index read as plain data', () => {
  const load = (name: string) => {
    const folder = fixturePath('navigation', name);
    const parsed = parseDocsJson(readFileSync(path.join(folder, 'docs.json'), 'utf8'));
    const frontmatterFile = path.join(folder, 'frontmatter.json');
    const frontmatter = new Map(
      Object.entries(existsSync(frontmatterFile) ? (JSON.parse(readFileSync(frontmatterFile, 'utf8')) as Record<string, PageFrontmatter>) : {}),
    );
    return resolveNavigation(parsed.config!, { frontmatter });
  };

  it('JSON.stringify writes every field that reads as defined, and only those', () => {
    for (const name of ['frontmatter-labels', 'versions-languages', 'duplicate-pages']) {
      for (const page of load(name).pages.list) {
        const json = JSON.parse(JSON.stringify(page)) as Record<string, unknown>;
        const fields = [
          'kind',
          'label',
          'pointer',
          'openapi',
          'breadcrumbs',
          'version',
          'versionTag',
          'language',
          'path',
          'href',
          'index',
          'previous',
          'next',
          'section',
          'title',
          'description',
          'icon',
          'tag',
          'deprecated',
          'hidden',
          'frontmatterOpenApi',
          'frontmatterOpenApiSchema',
        ] as const;
        const read = Object.fromEntries(fields.filter((field) => page[field] !== undefined).map((field) => [field, page[field]]));
        expect(json).toEqual(JSON.parse(JSON.stringify(read)));
        expect(json.href).toBe(`/${page.path}`);
        expect(json.pointer).toMatch(/^\/navigation\/.*\/pages\/\d+$/);
      }
    }
  });

  it('a page node is a plain object: a spread copy has every field, and byPath is a Map', () => {
    for (const name of ['frontmatter-labels', 'versions-languages', 'duplicate-pages']) {
      const { list, byPath } = load(name).pages;
      expect(byPath).toBeInstanceOf(Map);
      for (const page of list) {
        expect(Object.getPrototypeOf(page)).toBe(Object.prototype);
        const copy = { ...page };
        expect(JSON.stringify(copy)).toBe(JSON.stringify(page));
        expect(copy).toStrictEqual(page);
        expect(Object.keys(page)).toEqual(expect.arrayContaining(['kind', 'label', 'pointer', 'path', 'href', 'index', 'previous', 'next', 'section']));
      }
      expect(structuredClone(list)).toStrictEqual(list);
    }
  });

  it('previous and next link the entries of each section in reading order, by href', () => {
    const { list } = load('versions-languages').pages;
    for (const page of list) {
      const before = list
        .slice(0, page.index)
        .reverse()
        .find((other) => other.section === page.section);
      const after = list.slice(page.index + 1).find((other) => other.section === page.section);
      expect(page.previous).toBe(before?.href);
      expect(page.next).toBe(after?.href);
    }
  });

  it('byPath holds the first entry of each path, in reading order, like a Map', () => {
    const { list, byPath } = load('duplicate-pages').pages;
    const expected = new Map<string, (typeof list)[number]>();
    for (const page of list) if (!expected.has(page.path)) expected.set(page.path, page);
    expect(list.length).toBeGreaterThan(expected.size);
    expect([...byPath]).toEqual([...expected]);
    expect([...byPath.keys()]).toEqual([...expected.keys()]);
    expect([...byPath.values()]).toEqual([...expected.values()]);
    expect(byPath.size).toBe(expected.size);
    for (const [key, page] of expected) {
      expect(byPath.get(key)).toBe(page);
      expect(byPath.has(key)).toBe(true);
    }
    expect(byPath.get('no/such/page')).toBeUndefined();
    expect(byPath.has('')).toBe(false);
    const seen: string[] = [];
    byPath.forEach((page, key, map) => {
      expect(map).toBe(byPath);
      expect(page.path).toBe(key);
      seen.push(key);
    });
    expect(seen).toEqual([...expected.keys()]);
  });
});
