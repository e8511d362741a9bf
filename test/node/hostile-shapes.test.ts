import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readPage } from '../../src/content/read-page.js';
import type { Root } from 'mdast';
import { MAX_PAGE_NODES, MAX_PARAGRAPH_MARKERS, MAX_PARAGRAPH_OPENINGS, MAX_TAG_DEPTH, pageShape } from '../../src/content/page-shape.js';
import { nodePageParsers } from '../../src/node/native-parser.js';

// Pages whose shape made satteri's time explode (issue 36: "reading any page of up to 2 MB takes
// at most 1 s of CPU"; bench/hostile.mjs). Each is the smallest that took many seconds before:
// the bound on the CPU time of each read is five times what it takes now on a loaded 2-core machine.

/**
 * The CPU seconds this thread has used: on Linux its own count (`/proc/thread-self/stat`, in
 * hundredths), so that the other threads of a busy test process (a collector's on a large heap,
 * a worker another file left) do not count (1.6 s against 1.5 s once in CI, the machine loaded);
 * elsewhere the process's.
 */
function threadCpu(): number {
  try {
    const fields = (readFileSync('/proc/thread-self/stat', 'utf8').split(') ')[1] as string).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    const used = process.cpuUsage();
    return (used.user + used.system) / 1e6;
  }
}

function read(text: string): { codes: string[]; places: string[]; cpu: number } {
  const before = threadCpu();
  const facts = readPage(text, { file: 'page.mdx', parsers: nodePageParsers() });
  const cpu = threadCpu() - before;
  return {
    codes: facts.diagnostics.map((diagnostic) => diagnostic.code),
    places: facts.diagnostics.map((diagnostic) => `${diagnostic.line}:${diagnostic.column}`),
    cpu,
  };
}

describe('pages shaped to stall the parser', () => {
  it.skipIf(!nodePageParsers())('16,000 `<span>` nested in a paragraph (satteri: 16 s) are content/too-deep at once, as the reference says', () => {
    // The reference (remark) runs out of stack on it too; it reads 5,000 levels, in 2.3 s.
    const page = `Text ${'<span>'.repeat(16_000)}x${'</span>'.repeat(16_000)}\n`;
    const result = read(page);
    expect(result.codes).toEqual(['content/too-deep']);
    expect(result.cpu).toBeLessThan(0.5);
  });

  it.skipIf(!nodePageParsers())('4,000 nested `<span>`, which the platform reads slowly, are a content/too-large warning, not an error', () => {
    for (const parsers of [nodePageParsers(), undefined]) {
      const facts = readPage(`Text ${'<span>'.repeat(4_000)}x${'</span>'.repeat(4_000)}\n`, { file: 'page.mdx', parsers });
      expect(facts.diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.severity, diagnostic.message])).toEqual([
        ['content/too-large', 'warning', 'The page nests tags 4,000 levels deep, past the 3,000 Quire reads in time: its content is not checked.'],
      ]);
    }
  });

  it.skipIf(!nodePageParsers())("a line of 64,000 `<` (satteri: about 10 s) is the reference parser's syntax error, in milliseconds", () => {
    const result = read(`${'<'.repeat(64_000)}\n`);
    expect(result.codes).toEqual(['content/syntax']);
    expect(result.places).toEqual(['1:2']);
    expect(result.cpu).toBeLessThan(1);
  });

  it.skipIf(!nodePageParsers())('64,000 `{}` on one line (satteri: over 30 s; the reference: over its budget) are one content/too-large warning', () => {
    const result = read('{}'.repeat(64_000));
    expect(result.codes).toEqual(['content/too-large']);
    // The reference's budget (0.6 s of wall time) and its thread's start.
    expect(result.cpu).toBeLessThan(6);
  });

  it('the shape is measured outside code blocks: a fenced block of tags and braces is read as usual', () => {
    const fenced = `\`\`\`html\n${'<div>'.repeat(MAX_TAG_DEPTH + 1)}\n${'{'.repeat(MAX_PARAGRAPH_OPENINGS + 1)}\n\`\`\`\n\nText <b>bold</b> {1} *em*\n`;
    expect(pageShape(fenced)).toEqual({ depth: 1, paragraphOpenings: 3, paragraphExpressions: 1, paragraphMarkers: 2 });
    expect(pageShape(`<Card title="a">\n<Card>\n<br/>\nx\n</Card>\n</Card>\n`).depth).toBe(2);
    expect(readPage(fenced, { file: 'page.mdx', parsers: nodePageParsers() }).diagnostics).toEqual([]);
  });

  it('emphasis nested 100,000 deep in one paragraph (satteri: 3.7 s at 2 MB) is one content/too-large warning, unread by any parser', () => {
    const page = `${'*a _b '.repeat(50_000)}x${'_ *'.repeat(50_000)}\n`;
    for (const parsers of [nodePageParsers(), undefined]) {
      const before = threadCpu();
      const facts = readPage(page, { file: 'page.mdx', parsers });
      const used = threadCpu() - before;
      expect(facts.diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.severity])).toEqual([['content/too-large', 'warning']]);
      expect(facts.diagnostics[0]?.message).toContain('150,001 runs of emphasis markers');
      expect(used).toBeLessThan(0.5);
    }
  });

  it('as many emphasis markers as the bound, split into paragraphs, are read as usual', () => {
    const paragraph = '*a* '.repeat(MAX_PARAGRAPH_MARKERS / 4);
    expect(pageShape(`${paragraph}\n\n${paragraph}\n`).paragraphMarkers).toBe(MAX_PARAGRAPH_MARKERS / 2);
    expect(readPage(`${paragraph}\n\n${paragraph}\n`, { file: 'page.mdx', parsers: nodePageParsers() }).diagnostics).toEqual([]);
  });

  it.skipIf(!nodePageParsers())('a table of a million cells (2 s and 465 MB to build its tree) is one content/too-large warning, its tree never built', () => {
    const row = `| ${Array.from({ length: 30 }, () => 'x').join(' | ')} |\n`;
    const page = `| ${Array.from({ length: 30 }, (_, column) => `c${column}`).join(' | ')} |\n|${' --- |'.repeat(30)}\n${row.repeat(16_000)}`;
    const result = read(page);
    expect(result.codes).toEqual(['content/too-large']);
    expect(result.cpu).toBeLessThan(1.5);
    const facts = readPage(page, { file: 'page.mdx', parsers: nodePageParsers() });
    expect(facts.diagnostics[0]?.message).toMatch(/^The page holds [\d,]+ Markdown nodes/);
  });

  it('a tree over the bound from a parser a build plugin gives is refused after it is built, with the same warning', () => {
    const paragraphs = Array.from({ length: MAX_PAGE_NODES / 2 }, () => ({ type: 'paragraph', children: [{ type: 'text', value: 'x' }] }));
    const big = { type: 'root', children: paragraphs } as Root;
    const small = { type: 'root', children: paragraphs.slice(0, 10) } as Root;
    const parsers = (tree: Root) => ({ native: () => structuredClone(tree), confirm: () => undefined });
    const refused = readPage('x\n', { file: 'page.mdx', parsers: parsers(big) });
    expect(refused.diagnostics.map((diagnostic) => diagnostic.code)).toEqual(['content/too-large']);
    expect(refused.diagnostics[0]?.message).toContain(`${(MAX_PAGE_NODES + 1).toLocaleString('en-US')} Markdown nodes`);
    expect(readPage('x\n', { file: 'page.mdx', parsers: parsers(small) }).diagnostics).toEqual([]);
  });
});
