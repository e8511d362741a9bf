import { spawn } from 'node:child_process';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { readPage } from '../../src/content/index.js';
import { nativeMdxParser, nodePageParsers } from '../../src/node/native-parser.js';
import { readPageBytes as readPageBytesWith } from '../../src/content/page-bytes.js';
import { confirmWithReference } from '../../src/node/reference-confirmation.js';

// Issue 32: in Node pages are read with satteri; a page it refuses is read again by the reference
// parser (remark), and is a syntax error only when the reference refuses it too. Issue 36: that
// confirmation runs within a budget, past which satteri's refusal stands.

const bytes = (text: string) => new TextEncoder().encode(text);
/** A page's bytes read as `quire-docs/node` reads them: satteri, the reference confirming in its thread. */
const readPageBytes = (pageBytes: Uint8Array, name: string) => readPageBytesWith(pageBytes, name, nodePageParsers());
const summary = (facts: ReturnType<typeof readPage>) =>
  facts.diagnostics.map(({ code, severity, line, column, message }) => ({ code, severity, line, column, message }));

describe('pages read with satteri in Node', () => {
  it('loads satteri on this platform', () => {
    expect(nativeMdxParser()).toBeDefined();
  });

  it('gives the facts the reference gives: headings with ids, links, imports, elements', () => {
    const text =
      '---\ntitle: A\n---\n\nimport Intro, { Note as N } from \'/snippets/intro.mdx\'\nexport const Local = () => null\n\n## Install {#install-it}\n\nSee [the API](/api#keys), <Card title="A" href="/a" /> and https://example.com.\n\n<Intro />\n\n$x^2$\n\n| a | b |\n| - | - |\n| [c](/c) | d |\n';
    const parsers = nodePageParsers();
    const facts = readPage(text, { file: 'a.mdx', ...(parsers ? { parsers } : {}) });
    expect(facts).toEqual(readPage(text, { file: 'a.mdx' }));
    expect(facts.imports).toEqual([
      { source: '/snippets/intro.mdx', names: ['Intro', 'N'], default: 'Intro', rendered: [{ line: 12, column: 1, textLine: 2 }], line: 5, column: 1 },
    ]);
    expect(facts.headings.map((heading) => heading.id)).toEqual(['install-it']);
  });

  it('reads a page satteri refuses and the reference reads, as the reference does (a multi-line opening tag)', () => {
    // dittofeed's integrations/channels/sms.mdx: the content follows the `>` of the opening tag.
    const text = 'Intro.\n\n<Card\n  title="Email"\n  href="/email"\n>Sent with Twilio.</Card>\n';
    expect(() => nativeMdxParser()?.(text)).toThrow(/^\d+:\d+: /);
    const facts = readPageBytes(bytes(text), 'sms.mdx');
    expect(facts.diagnostics).toEqual([]);
    expect(facts.links).toEqual([{ url: '/email', kind: 'element', element: 'Card', attribute: 'href', line: 3, column: 1 }]);
  });

  it.each([
    ['an unclosed tag', '# A\n\n<Card>\n\ntext\n'],
    ['an HTML comment', 'Text\n\n<!-- note -->\n'],
    ['a broken expression', 'Costs {a b} a month.\n'],
    // satteri keeps ESM as text; it is checked as the reference checks it.
    ['a broken import', 'import x from\n\n# T\n'],
    ['a statement that is not an import or export', 'export const a = 1\nconsole.log(a)\n\n# T\n'],
  ])('reports %s with the reference parser’s message and place', (_, text) => {
    const facts = readPageBytes(bytes(text), 'bad.mdx');
    expect(summary(facts)).toEqual(summary(readPage(text, { file: 'bad.mdx' })));
    expect(facts.diagnostics.map((diagnostic) => diagnostic.code)).toEqual(['content/syntax']);
  });

  it('gives ESM statements their place in the page', () => {
    const text = '# Title\n\nimport A from "/snippets/a.mdx"\n\n\nimport {\n  B,\n} from "/snippets/b.mdx"\nexport { C } from "./c.mdx"\n';
    const parsers = nodePageParsers();
    const facts = readPage(text, { file: 'a.mdx', ...(parsers ? { parsers } : {}) });
    expect(facts.imports.map(({ source, line, column }) => `${source} ${line}:${column}`)).toEqual([
      '/snippets/a.mdx 3:1',
      '/snippets/b.mdx 6:1',
      './c.mdx 9:1',
    ]);
    expect(facts).toEqual(readPage(text, { file: 'a.mdx' }));
  });
});

describe('deep nesting', () => {
  it.each([
    ['block JSX', `${'<div>\n'.repeat(10_000)}x\n${'</div>\n'.repeat(10_000)}`],
    ['block quotes', `${'> '.repeat(10_000)}x\n`],
  ])('%s 10,000 deep, which satteri reads, is content/too-deep as with the reference (and the platform)', (_, text) => {
    expect(() => nativeMdxParser()?.(text)).not.toThrow();
    expect(summary(readPageBytes(bytes(text), 'deep.mdx'))).toEqual([expect.objectContaining({ code: 'content/too-deep', line: 1, column: 1 })]);
  });
});

describe('the budget of the reference parser', () => {
  // 128,000 braces: satteri refuses the page in milliseconds; remark takes minutes on it.
  const braces = '{'.repeat(64_000) + '}'.repeat(64_000);

  it('lets satteri’s refusal stand, with its message and place, when the reference takes too long', () => {
    const started = performance.now();
    const facts = readPageBytes(bytes(braces), 'braces.mdx');
    const elapsed = performance.now() - started;
    expect(facts.diagnostics).toEqual([
      expect.objectContaining({
        code: 'content/syntax',
        severity: 'error',
        line: 1,
        column: 3,
        message: expect.stringMatching(/^The page does not parse as MDX: Could not parse expression/),
      }),
    ]);
    // The budget is 1 s; starting the reference thread and a busy machine add to it.
    expect(elapsed).toBeLessThan(15_000);
  }, 30_000);

  it('answers the next page after a page that ran out of time', () => {
    expect(confirmWithReference(braces, 200)).toBeUndefined();
    expect(confirmWithReference('# Fine\n')).toEqual({ tree: expect.objectContaining({ type: 'root' }) });
    expect(confirmWithReference('<Card>\n')).toEqual({
      error: expect.objectContaining({ reason: 'Expected a closing tag for `<Card>` (1:1-1:7)', ruleId: 'end-tag-mismatch' }),
    });
  }, 30_000);

  /**
   * Confirms a page once idle, then again while `load` runs, with twice its idle time as budget:
   * the reference answers, however long the wait on the clock.
   */
  async function answersUnderLoad(load: () => () => Promise<void> | void): Promise<void> {
    const page = `# Title\n\n${'Some *text* with `code`, a [link](/x) and <Tip>a tip</Tip>.\n\n'.repeat(1_500)}`;
    expect(confirmWithReference(page, 60_000)).toEqual({ tree: expect.objectContaining({ type: 'root' }) });
    let started = performance.now();
    confirmWithReference(page, 60_000);
    const idle = performance.now() - started;
    const stop = load();
    try {
      await new Promise((resolve) => setTimeout(resolve, 300));
      started = performance.now();
      const busy = confirmWithReference(page, Math.max(2 * idle, 100));
      const waited = performance.now() - started;
      expect(busy, `idle ${idle.toFixed(0)} ms, busy ${waited.toFixed(0)} ms`).toEqual({ tree: expect.objectContaining({ type: 'root' }) });
    } finally {
      await stop();
    }
  }

  it('gives the reference the same CPU time on a busy machine as on an idle one', async () => {
    // Four processes that keep both cores busy: the reference's thread gets a fraction of one.
    await answersUnderLoad(() => {
      const spinners = Array.from({ length: 4 }, () => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
      return () => {
        for (const spinner of spinners) spinner.kill('SIGKILL');
      };
    });
  }, 60_000);

  it.skipIf(process.platform !== 'linux')(
    'counts the reference thread’s CPU time, not that of the other threads of the process',
    async () => {
      // Two threads of this process that never rest (as V8's collector threads in a process with a
      // large heap): counted with them, the process's CPU time ran out three times as fast.
      await answersUnderLoad(() => {
        const spinners = Array.from({ length: 2 }, () => new Worker('for (;;) {}', { eval: true }));
        return async () => {
          await Promise.all(spinners.map((spinner) => spinner.terminate()));
        };
      });
    },
    60_000,
  );

  it('reads with satteri what would stall the reference: a page with a 100 KB line', () => {
    const started = performance.now();
    const facts = readPageBytes(bytes(`${'*a '.repeat(33_000)}\n`), 'line.mdx');
    expect(facts.diagnostics).toEqual([]);
    // remark alone takes about 14 s on it.
    expect(performance.now() - started).toBeLessThan(5_000);
  }, 30_000);
});
