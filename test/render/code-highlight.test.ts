import { describe, expect, it, vi } from 'vitest';

// shiki colours the parts of an MDX or Markdown block written in another language (JSX,
// frontmatter, HTML) only when that language's grammar is loaded. Each case takes the renderer's
// code module anew (its highlighter is per module), so what another page or test file loaded
// before cannot decide the colours.
async function freshHighlighter(...loads: string[][]) {
  vi.resetModules();
  const code = await import('../../src/render/code.js');
  for (const languages of loads) await code.prepareCodeHighlighting(languages);
  return code;
}

const MDX = '---\ntitle: Cards\n---\n\n<Card title="Start">\n  Hello {word}\n</Card>\n';
const MARKDOWN = '---\ntitle: Notes\n---\n\n<div align="center">Hi</div>\n';

describe('code highlighting', () => {
  it('draws an mdx block the same whether or not a page in tsx, yaml or toml was drawn before', async () => {
    const alone = (await freshHighlighter(['mdx'])).highlightLines(MDX, 'mdx');
    const after = (await freshHighlighter(['tsx', 'yaml', 'toml'], ['mdx'])).highlightLines(MDX, 'mdx');
    expect(alone.highlighted).toBe(true);
    expect(alone.lines).toEqual(after.lines);
    // The JSX is coloured: the attribute's name is a token of its own.
    expect(alone.lines[4]?.some((token) => token.content === 'title' && token.style !== undefined)).toBe(true);
  });

  it('draws a markdown block (md) the same whether or not html or yaml was loaded before', async () => {
    const alone = (await freshHighlighter(['md'])).highlightLines(MARKDOWN, 'md');
    const after = (await freshHighlighter(['html', 'yaml', 'toml'], ['markdown'])).highlightLines(MARKDOWN, 'md');
    expect(alone.lines).toEqual(after.lines);
  });
});
