import { readFileSync } from 'node:fs';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import { pageMarkdown } from '../../src/agents/index.js';
import { nativeMdxParser } from '../../src/node/native-parser.js';
import { fixturePath } from '../helpers/fixtures.js';

const components = readFileSync(fixturePath('agents/components.mdx'), 'utf8');

describe('pageMarkdown', () => {
  it('writes the built-in components out as Markdown (fixtures/agents/components.md)', () => {
    const expected = readFileSync(fixturePath('agents/components.md'), 'utf8');
    expect(pageMarkdown(components, { title: 'Quickstart', description: 'Start here' })).toBe(expected);
  });

  it('gives the same Markdown from satteri as from the reference parser', () => {
    const native = nativeMdxParser();
    expect(native).toBeDefined();
    expect(pageMarkdown(components, { title: 'Quickstart', description: 'Start here', parse: native! })).toBe(
      pageMarkdown(components, { title: 'Quickstart', description: 'Start here' }),
    );
  });

  it('leaves no component tag in the Markdown, outside code', () => {
    const tree = unified()
      .use(remarkParse)
      .use(remarkGfm)
      .parse(pageMarkdown(components, { title: 'Quickstart' }));
    const html: string[] = [];
    const visit = (node: { type: string; value?: string; children?: unknown[] }) => {
      if (node.type === 'html') html.push(node.value ?? '');
      for (const child of node.children ?? []) visit(child as typeof node);
    };
    visit(tree);
    expect(html).toEqual([]);
  });

  it('gives a page that does not parse as written, under its title, without its frontmatter', () => {
    expect(pageMarkdown('---\ntitle: Broken\n---\nSome text <Card\n', { title: 'Broken', description: 'A page' })).toBe(
      '# Broken\n\n> A page\n\nSome text <Card\n',
    );
  });

  it('writes a title and description of several lines on one line each', () => {
    expect(pageMarkdown('Body.\n', { title: 'Two\nlines', description: '  Said\n twice ' })).toBe('# Two lines\n\n> Said twice\n\nBody.\n');
  });
});

describe('pageMarkdown with the MDX snippets a page imports', () => {
  it('writes each snippet out where the page uses it, and a snippet that uses itself once', () => {
    const page = "import Intro from '/snippets/intro.mdx';\n\n## Start\n\n<Note>\n  <Intro />\n</Note>\n\nAfter.\n";
    const snippets = new Map([['Intro', '---\ntitle: x\n---\n\nShared **intro** text.\n\n<Intro />\n']]);
    expect(pageMarkdown(page, { title: 'Page', snippets })).toBe('# Page\n\n## Start\n\n> **Note:** Shared **intro** text.\n\nAfter.\n');
    // Without the snippets, the element has no text of its own: nothing is written for it.
    expect(pageMarkdown(page, { title: 'Page' })).toBe('# Page\n\n## Start\n\n> **Note:**\n\nAfter.\n');
  });
});

describe('pageMarkdown on pages shaped to stall the parsers', () => {
  it.each([
    ['64,000 `{}` on one line (satteri: over 30 s)', '{}'.repeat(64_000)],
    ['a line of 64,000 `<` (satteri: about 10 s)', '<'.repeat(64_000)],
    ['emphasis nested 100,000 deep in one paragraph', `${'*a _b '.repeat(50_000)}x${'_ *'.repeat(50_000)}`],
  ])('%s: the text as written, at once', (_, body) => {
    const started = performance.now();
    expect(pageMarkdown(`---\ntitle: Hostile\n---\n${body}\n`, { title: 'Hostile', parse: nativeMdxParser()! })).toBe(`# Hostile\n\n${body}\n`);
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
