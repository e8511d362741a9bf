import { createElement as h, type ReactNode } from 'react';

/**
 * Math, typeset with KaTeX on the server (`$x$`, `$$...$$`, `<Latex>`): the page carries KaTeX's
 * HTML and MathML, and needs only KaTeX's stylesheet and fonts ({@link katexAssets}), no script.
 * KaTeX is an optional peer dependency loaded by {@link prepareMath}; without it, math shows as
 * its TeX source.
 */

interface Katex {
  renderToString(tex: string, options: { displayMode: boolean; throwOnError: boolean; output: 'htmlAndMathml'; strict: 'ignore'; trust: false }): string;
}

let katex: Promise<Katex | undefined> | undefined;
let ready: Katex | undefined;

/** Loads KaTeX once per process; resolves to whether math is typeset (false without katex). */
export async function prepareMath(): Promise<boolean> {
  katex ??= import('katex').then(
    (module) => ((module as { default?: Katex }).default ?? (module as unknown as Katex)) as Katex,
    () => undefined,
  );
  ready = await katex;
  return ready !== undefined;
}

/**
 * TeX as HTML: KaTeX's markup inside `span.math-inline` or `div.math-display`. An expression KaTeX
 * cannot read is shown in its error colour with its source (`throwOnError: false`), never a throw.
 */
export function MathExpression({ tex, display }: { tex: string; display: boolean }): ReactNode {
  const className = display ? 'math math-display' : 'math math-inline';
  if (!ready) return h(display ? 'pre' : 'code', { className: `${className} math-source` }, tex);
  const html = ready.renderToString(tex, { displayMode: display, throwOnError: false, output: 'htmlAndMathml', strict: 'ignore', trust: false });
  return h(display ? 'div' : 'span', { className, dangerouslySetInnerHTML: { __html: html } });
}

/**
 * Where KaTeX's stylesheet and fonts are on disk, for a site build to copy (`katex.min.css`
 * refers to `fonts/` beside it), or `undefined` when KaTeX is not installed. Node only: pass a
 * `require.resolve`-like function (`createRequire(import.meta.url).resolve`), since the core
 * imports no Node built-ins.
 */
export function katexAssets(resolve: (id: string) => string): { css: string; fonts: string } | undefined {
  try {
    const css = resolve('katex/dist/katex.min.css');
    return { css, fonts: css.replace(/katex\.min\.css$/, 'fonts') };
  } catch {
    return undefined;
  }
}
