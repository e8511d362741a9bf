import { fenceLanguages, prepareCodeHighlighting } from './code.js';
import { prepareMath } from './math.js';
import { prepareIcons } from './icons.js';

/** What {@link prepareRender} loads for. */
export interface PrepareRenderOptions {
  /** Pages (their MDX) about to render: the languages of their code fences are loaded. */
  pages?: Iterable<string>;
  /** More languages to load (fence names or aliases: `ts`, `sh`). */
  languages?: Iterable<string>;
}

/** What is available after {@link prepareRender}: each is false when its package is not installed. */
export interface RenderReadiness {
  /** shiki is loaded: code blocks are highlighted. */
  highlighting: boolean;
  /** KaTeX is loaded: math is typeset. */
  math: boolean;
  /** The icon sets are loaded: named icons are drawn (else a neutral dot). */
  icons: boolean;
}

/**
 * Loads what rendering needs and cannot load while it runs (`renderToString` is synchronous):
 * shiki with its theme, once per process, then the languages of the given
 * pages' code fences (on demand: call again before each new page or batch); KaTeX; the icon sets. Await it
 * before `renderPageHtml`. A page rendered without it, or with a language not loaded, shows its
 * code as plain text, its math as TeX and its named icons as dots. shiki, katex,
 * `@iconify-json/lucide` and `@iconify-json/fa7-brands` are optional peer dependencies.
 */
export async function prepareRender(options: PrepareRenderOptions = {}): Promise<RenderReadiness> {
  const languages = new Set<string>(options.languages ?? []);
  for (const page of options.pages ?? []) for (const language of fenceLanguages(page)) languages.add(language);
  const [highlighting, math, icons] = await Promise.all([prepareCodeHighlighting(languages), prepareMath(), prepareIcons()]);
  return { highlighting, math, icons };
}
