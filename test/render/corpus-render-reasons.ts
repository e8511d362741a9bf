import type { StaticSiteFailure } from '../../src/render/index.js';
import type { CorpusSiteRenderer } from './corpus-site.js';

/** The reason of a failure nobody has looked at yet: it fails the test until one is written. */
export const REASON_NEEDED = 'REASON NEEDED';

/** What a reason is decided from: the site's syntax errors, its texts and its files. */
type SiteFacts = Pick<CorpusSiteRenderer, 'syntaxErrors' | 'texts' | 'files' | 'staticFiles'>;

/**
 * Why a corpus page renders with an error in its place, by the class of its failure. Used by
 * UPDATE=1 for new entries of corpus-render.expected/<site>.json; an entry's reason may be edited
 * there when a page deserves a more specific one (it is kept while the failure stays the same).
 * A failure of no class here is {@link REASON_NEEDED}: a bug of the renderer until shown otherwise.
 */
export function failureReason(failure: StaticSiteFailure, site: SiteFacts): string {
  if (failure.stage === 'compile') {
    if (failure.file !== undefined && site.syntaxErrors.has(failure.file))
      return 'The MDX does not compile (quire validate reports content/syntax on the page): the platform cannot render it either.';
    const named = /imports "([^"]+)", (a package|which names no file of the site)/.exec(failure.message);
    if (named?.[2] === 'a package') {
      return /^@(?:theme|site)\//.test(named[1] as string)
        ? `The page (or a snippet it renders) imports \`${named[1]}\`, a Docusaurus alias left from the site's move: a page's imports resolve to the site's own files only, on the platform too, so the page cannot run there either.`
        : `The page (or a snippet it renders) imports the package \`${named[1]}\` in its code (not in a code block): a page's imports resolve to the site's own files only, on the platform too, so the page cannot run there either.`;
    }
    if (named) {
      const tail = (named[1] as string).replace(/^(?:\.{0,2}\/)+/, '');
      if ([...site.files].some((file) => file === tail || file.endsWith(`/${tail}`))) return REASON_NEEDED;
      return `The page (or a snippet it renders) imports \`${named[1]}\`, which its repository does not hold (not in the corpus's files.txt): broken on the platform too.`;
    }
    return REASON_NEEDED;
  }
  if (failure.stage === 'read') {
    return failure.file !== undefined && site.files.has(failure.file) && !site.texts.has(failure.file)
      ? "The corpus holds the file's name but not its text (a symbolic link in the repository, as CLAUDE.md to AGENTS.md usually is, or a file it did not copy): the test has nothing to render; the platform renders the text the link leads to."
      : REASON_NEEDED;
  }
  const placeholder = /^Objects are not valid as a React child \(found: object with keys \{(\w+)\}\)/.exec(failure.message)?.[1];
  if (placeholder !== undefined) {
    return `The page writes \`{{${placeholder}}}\` in prose (a template's placeholder): MDX reads it as an expression making an object, which React cannot render; the platform's React throws on it too.`;
  }
  const name = /^([\w$]+) is not defined$/.exec(failure.message)?.[1];
  if (name === undefined) return REASON_NEEDED;
  if (name === 'require') {
    return 'The page calls `require(...)` (a leftover of Docusaurus, `img={require("./x.png")}`): MDX pages are ES modules with no `require`, a ReferenceError when the page runs, on the platform too.';
  }
  const text = failure.file === undefined ? '' : (site.texts.get(failure.file) ?? '');
  const imported = new RegExp(`^import\\s[^;]*?\\b${name}\\b[^;]*?from\\s+['"]([^'"]+)['"]`, 'm').exec(text)?.[1];
  if (imported !== undefined && !/^[./]/.test(imported)) {
    return `The page imports \`${name}\` from the package \`${imported}\`: a page's imports resolve to the site's own files only (snippets), on the platform as here, so the name is undefined when the page renders.`;
  }
  if (imported !== undefined) {
    return `The page imports \`${name}\` from \`${imported}\`, which Quire does not run (a JS/JSX snippet of the site, issue 33, the site's own code; or a file the site does not hold): the name is undefined when the page renders.`;
  }
  return `The page uses \`${name}\` in an expression (\`{${name}}\` in prose or a prop) and nothing defines or imports it: a ReferenceError when the page's MDX runs, on the platform as here.`;
}

/**
 * Why a corpus page has errors in Chromium, when every error is of a class explained here;
 * {@link REASON_NEEDED} otherwise.
 */
export function browserReason(errors: readonly string[], site: SiteFacts): string {
  const listed = new Set(site.staticFiles);
  const kinds = new Set<string>();
  for (const error of errors) {
    if (/: console: Failed to load resource: the server responded with a status of 404/.test(error)) continue;
    const file = /^\/(.+): status 404$/.exec(error)?.[1];
    if (file === undefined) return REASON_NEEDED;
    const name = decodeURIComponent(file);
    kinds.add(!site.files.has(name) ? 'absent' : listed.has(name) ? REASON_NEEDED : 'not copied');
  }
  if (kinds.size === 0 || kinds.has(REASON_NEEDED)) return REASON_NEEDED;
  const reasons: string[] = [];
  if (kinds.has('absent')) {
    reasons.push("The page names files its repository does not hold (not in the corpus's files.txt): broken on the platform too.");
  }
  if (kinds.has('not copied')) {
    reasons.push(
      "The page's own code builds the address of files at run time (`/images/product-${name}-dark.png` in an exported component): they are in the repository, but the build copies only the files pages name, so the HTML build and `quire dev` answer 404 where the platform, which serves every file of the repository, shows them. Listed in the report, not fixed here.",
    );
  }
  return reasons.join(' ');
}
