import { describe, expect, it } from 'vitest';
import { readPage } from '../../src/content/read-page.js';
import { MAX_PARAGRAPH_OPENINGS, MAX_TAG_DEPTH, pageShape } from '../../src/content/page-shape.js';
import { nodePageParsers } from '../../src/node/native-parser.js';

// Pages whose shape made satteri's time explode (issue 36: "reading any page of up to 2 MB takes
// at most 1 s of CPU"; bench/hostile.mjs). Each is the smallest that took many seconds before:
// the bound on the CPU time of each read is five times what it takes now on a loaded 2-core machine.

function read(text: string): { codes: string[]; places: string[]; cpu: number } {
  const before = process.cpuUsage();
  const facts = readPage(text, { file: 'page.mdx', parsers: nodePageParsers() });
  const used = process.cpuUsage(before);
  return {
    codes: facts.diagnostics.map((diagnostic) => diagnostic.code),
    places: facts.diagnostics.map((diagnostic) => `${diagnostic.line}:${diagnostic.column}`),
    cpu: (used.user + used.system) / 1e6,
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

  it.skipIf(!nodePageParsers())("a line of 64,000 `<` (satteri: about 10 s) is the reference parser's syntax error, in milliseconds", () => {
    const result = read(`${'<'.repeat(64_000)}\n`);
    expect(result.codes).toEqual(['content/syntax']);
    expect(result.places).toEqual(['1:2']);
    expect(result.cpu).toBeLessThan(1);
  });

  it.skipIf(!nodePageParsers())('64,000 `{}` on one line (satteri: over 30 s; the reference: over its budget) are one content/too-large warning', () => {
    const result = read('{}'.repeat(64_000));
    expect(result.codes).toEqual(['content/too-large']);
    // The reference's budget (1 s of wall time) and its thread's start.
    expect(result.cpu).toBeLessThan(6);
  });

  it('the shape is measured outside code blocks: a fenced block of tags and braces is read as usual', () => {
    const fenced = `\`\`\`html\n${'<div>'.repeat(MAX_TAG_DEPTH + 1)}\n${'{'.repeat(MAX_PARAGRAPH_OPENINGS + 1)}\n\`\`\`\n\nText <b>bold</b> {1} *em*\n`;
    expect(pageShape(fenced)).toEqual({ depth: 1, paragraphOpenings: 3, paragraphExpressions: 1 });
    expect(pageShape(`<Card title="a">\n<Card>\n<br/>\nx\n</Card>\n</Card>\n`).depth).toBe(2);
    expect(readPage(fenced, { file: 'page.mdx', parsers: nodePageParsers() }).diagnostics).toEqual([]);
  });
});
