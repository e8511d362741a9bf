import { lstat, readFile } from 'node:fs/promises';
import path from 'node:path';
import { buildSite } from '../../build/build-site.js';
import { formatDiagnostics } from '../../diagnostics/format.js';
import { placeInDocuments } from '../../node/place-in-documents.js';
import { applyRules, ruleFor, type RuleSettings } from '../../rules/apply-rules.js';
import { refuseOutputFolder } from '../../node/output-folder.js';
import { removeLeftovers, writeFilesAtomically, WriteFilesError, type FileChange } from '../../node/write-files.js';
import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import { ExitCode, parseCommandLine, UsageError, type Command } from '../command.js';
import { cacheHelp, loadSiteForCommand, maxPageSizeHelp, workersHelp } from '../load.js';
import { ruleOptionHelp } from '../rule-options.js';
import { plural, useColor } from '../output.js';
import { append } from '../../util/arrays.js';
import { assistantHelp, assistantPanelOf } from '../assistant-option.js';
import { loadRender, readMermaidBundle, readPlaygroundBundle } from '../render-packages.js';
import { siteCodeInput } from '../site-code-tools.js';
import type { StaticSiteFailure, UnwrittenUrl } from '../../render/index.js';
import { renderInputOf } from '../render-input.js';

const usage = `Usage: quire build [dir] -o <out> [options]

Compiles the site in [dir] (default: the current folder) into <out>: site.json (the settings,
the resolved navigation, every page in reading order with its headings, links and word count),
search.json (each page's plain text), endpoints/<url>.json (the page model of every generated
endpoint and webhook page) and schemas/<document>.json (the schemas the pages of one OpenAPI
document share, written once), in the versioned format of docs/build-format.md.
The same site gives the same bytes. All files are written, or none; files of an earlier build in
<out> that this one no longer has are removed, and nothing else in <out> is touched: a file
there that no earlier build wrote (by the record of the previous build's site.json) is never
replaced; the build stops and names it. <out> may not be the site folder, a folder that holds it,
the root of a file system or the home folder. Temporary files of a build that was killed are
removed by the next.

With --html, <out> receives the site as static HTML instead, for any static host: one .html
file per page at its URL (/guides/setup as guides/setup.html, / as index.html), the generated
endpoint pages, 404.html, a page that forwards for each redirect of docs.json and a _redirects
file, the site's images and other files, and the shell's style sheet and script in _quire/. It
needs react and react-dom (npm install react react-dom). A page whose MDX cannot be rendered is
written with its error in its place and named on stderr. Each page's URLs lead from its own
folder (../_quire/site.css), so the build works under any path of a host and opened from disk
(out/index.html), where its script points the links at the files written; the search needs a
server. 404.html, which a host serves at any depth, keeps URLs from the root: a site served
under a path of its host (https://example.github.io/docs/) gives it with --base /docs/, which
also goes before the paths of _redirects.

Problems are printed as quire validate prints them. A docs.json with errors builds nothing;
other errors (a missing page file, an unknown endpoint, a page that does not parse) are printed,
the site is built without them, and the exit code is 1. Links to no page or file of the site are
warnings here (quire validate reports them as errors): the platform deploys such sites.

Options:
  -o, --out <folder>  Output folder (required)
  --html              Write the site as static HTML pages, not the data format
  --base <path>       With --html: the path the site is served under (/docs/)
${assistantHelp(22)}
  --strict            Report unknown keys outside navigation as errors, not warnings
  --format <format>   text (default) or json (a JSON report on stdout)
  --offline           Do not fetch OpenAPI documents given by URL; warn about each
                      and build without their pages (also when no network answers)
  --no-content        Read only the pages' frontmatter: no headings, links, words or
                      search.json, and no MDX checks (syntax, links, components)
${cacheHelp(22)}
${workersHelp(22)}
${maxPageSizeHelp(22)}
${ruleOptionHelp(22)}
  -h, --help          Show this help

Exit code: 0 when built without errors, 1 when there are errors, 2 on a usage error.`;

/** `quire build`: writes the compiled site as JSON. */
export const buildCommand: Command = {
  name: 'build',
  summary: 'Compile a site into JSON a renderer reads: navigation, page index, endpoint pages',
  usage,
  async run(argv, io) {
    const { values, positionals } = parseCommandLine({
      args: argv,
      allowPositionals: true,
      options: {
        out: { type: 'string', short: 'o' },
        html: { type: 'boolean', default: false },
        base: { type: 'string' },
        assistant: { type: 'string' },
        'assistant-key': { type: 'string' },
        strict: { type: 'boolean', default: false },
        format: { type: 'string', default: 'text' },
        offline: { type: 'boolean', default: false },
        rule: { type: 'string', multiple: true, default: [] },
        'no-content': { type: 'boolean', default: false },
        'no-cache': { type: 'boolean', default: false },
        cache: { type: 'string' },
        workers: { type: 'string' },
        'max-page-size': { type: 'string' },
      },
    });
    if (positionals.length > 1) throw new UsageError(`expected at most one folder, got ${positionals.length}`);
    if (values.out === undefined || values.out === '') throw new UsageError('the output folder is required: -o <folder>');
    if (values.format !== 'text' && values.format !== 'json') throw new UsageError(`--format must be text or json, not "${values.format}"`);
    if (values.html && values['no-content']) throw new UsageError("--html needs the pages' content: it cannot be used with --no-content");
    if (values.base !== undefined && !values.html) throw new UsageError('--base applies to the HTML build: add --html');
    if (values.assistant !== undefined && !values.html) throw new UsageError('--assistant applies to the HTML build: add --html');
    const assistant = assistantPanelOf(values.assistant, values['assistant-key'], io.env);
    const out = path.resolve(io.cwd, values.out);
    // Loaded before the site is: a missing peer dependency is said at once, not after a long load.
    const render = values.html ? await loadRender('--html') : undefined;
    if (typeof render === 'string') {
      io.stderr.write(`quire build: ${render}\n`);
      return ExitCode.usage;
    }
    const base = values.base === undefined || render === undefined ? undefined : render.normalizeBase(values.base);
    if (values.base !== undefined && render !== undefined && base === undefined)
      throw new UsageError(`--base must be a path such as /docs/ (or the site's URL), not "${values.base}"`);
    const site = await loadSiteForCommand(positionals[0] ?? '.', io, values);
    // Checked before anything is written: a build there would mix with what the user keeps.
    const refused = await refuseOutputFolder(out, site.root);
    if (refused !== undefined) {
      io.stderr.write(`quire build: ${refused}; give -o a folder of the build's own (for example ${site.root}-build)\n`);
      return ExitCode.usage;
    }
    const diagnostics = site.diagnostics.map((diagnostic) =>
      isDeployedLinkError(diagnostic, site.rules) ? { ...diagnostic, severity: 'warning' as const } : diagnostic,
    );
    let compiled: ReturnType<typeof buildSite> | undefined;
    let renderFailures: StaticSiteFailure[] = [];
    // URLs of llms.txt and sitemap.xml the build does not write: an error in the build's own
    // files (they would be a bug), a warning in a llms.txt of the site's own (the platform serves it as it is).
    let unwritten: UnwrittenUrl[] = [];
    const report = (written: { files: number; bytes: number; removed: number } | undefined, failure?: string) => {
      const errors =
        diagnostics.filter((diagnostic) => diagnostic.severity === 'error').length + (failure ? 1 : 0) + unwritten.filter((url) => !url.siteOwn).length;
      const warnings =
        diagnostics.length - diagnostics.filter((diagnostic) => diagnostic.severity === 'error').length + unwritten.filter((url) => url.siteOwn).length;
      if (values.format === 'json') {
        io.stdout.write(
          `${JSON.stringify({ out, built: written !== undefined, ...(values.html ? { html: true, renderFailures, unwritten } : {}), errors, warnings, pages: compiled?.site.pages.length ?? 0, endpoints: compiled?.site.endpoints.length ?? 0, files: written?.files ?? 0, removed: written?.removed ?? 0, ...(failure ? { failure } : {}), diagnostics }, null, 2)}\n`,
        );
      } else {
        const text = formatDiagnostics(diagnostics, site.sources, { color: useColor(io) });
        if (text) io.stdout.write(`${text}\n`);
        if (failure) io.stderr.write(`quire build: ${failure}\n`);
        for (const page of renderFailures) io.stderr.write(`quire build: ${renderFailureLine(page)}\n`);
        for (const url of unwritten)
          io.stderr.write(
            `quire build: ${url.file}${url.siteOwn ? " (the site's own)" : ''} names ${url.url}, which the build does not write: it would answer 404${url.siteOwn ? '' : ' (a bug of Quire: please report it)'}\n`,
          );
        if (written && compiled) {
          const shown = path.relative(io.cwd, out) || '.';
          // Entries of pages without a file are left out of site.json: say how many.
          const withoutFile = compiled.pagesWithoutFile;
          io.stdout.write(
            `Built ${plural(compiled.site.pages.length, 'page')}${values.html ? ' as HTML' : ''}${renderFailures.length ? ` (${plural(renderFailures.length, 'page')} with a rendering error)` : ''} (${plural(compiled.site.endpoints.length, 'endpoint page')}${withoutFile ? `; ${plural(withoutFile, 'page')} without a file left out` : ''}) into ${shown}: ${plural(written.files, 'file')}, ${formatBytes(written.bytes)}${written.removed ? `; ${plural(written.removed, 'file')} of the previous build removed` : ''}.\n`,
          );
        } else if (!failure) io.stdout.write('Nothing was built.\n');
        io.stdout.write(`${plural(errors, 'error')}, ${plural(warnings, 'warning')}\n`);
      }
      return errors > 0 ? ExitCode.problems : ExitCode.ok;
    };
    // docs.json errors that the rules turned off leave the site to be built without the parts
    // that have them (`omitted`), as the platform drops them; any error left builds nothing.
    const errorsLeft = diagnostics.some((diagnostic) => diagnostic.severity === 'error');
    const config = site.config ?? (errorsLeft ? undefined : site.partialConfig);
    if (!config || !site.tree) return report(undefined);
    compiled = buildSite({
      config,
      tree: site.tree,
      endpointPages: site.endpointPages,
      files: site.files,
      frontmatter: site.frontmatter,
      siteFiles: site.siteFiles,
      ...(values['no-content'] ? {} : { content: site.content }),
      // The HTML is rendered from the compiled site: its JSON would be thrown away.
      ...(render ? { json: false } : {}),
    });
    const placed = await placeInDocuments(compiled.diagnostics, { root: site.root, cwd: io.cwd });
    append(diagnostics, applyRules(placed.diagnostics, site.rules));
    Object.assign(site.sources, placed.sources);

    let files: Array<{ path: string; content: string | Uint8Array | (() => Promise<string | Uint8Array>) }> = compiled.files;
    let bytes = 0;
    const sizeOf = (content: string | Uint8Array) => (typeof content === 'string' ? Buffer.byteLength(content) : content.byteLength);
    let planned: Awaited<ReturnType<NonNullable<typeof render>['planStaticSite']>> | undefined;
    if (render) {
      const mermaid = await readMermaidBundle();
      const playground = await readPlaygroundBundle();
      // Each page is rendered when it is written, then let go: the site is never in memory whole.
      planned = await render.planStaticSite({
        ...renderInputOf(site, compiled, config),
        ...(await siteCodeInput(site, io.stderr, 'quire build')),
        ...(base !== undefined ? { base } : {}),
        ...(mermaid ? { mermaidScript: mermaid } : {}),
        ...(playground ? { playgroundScript: playground } : {}),
        ...(assistant ? { assistant } : {}),
      });
      // The record of what this build wrote, so that the next replaces and removes only those.
      files = [
        ...planned.files.map((file) => ({
          path: file.path,
          content: async () => {
            const content = await file.content();
            bytes += sizeOf(content);
            return content;
          },
        })),
        { path: HTML_RECORD, content: `${JSON.stringify({ format: 'quire-html', files: planned.files.map((file) => file.path) }, null, 1)}\n` },
      ];
      unwritten = planned.unwritten;
    }
    const previous = render ? await previousHtmlBuild(out) : await previousBuild(out);
    if (previous === 'foreign')
      return report(undefined, `${path.join(out, render ? HTML_RECORD : 'site.json')} exists and is not a Quire build; choose another output folder.`);
    // Only files an earlier build wrote are replaced: the user's own, at a name the build uses, stay.
    const foreign = await filesNotWritten(
      out,
      files.map((file) => file.path),
      new Set(previous),
    );
    if (foreign.length > 0) {
      const shown = foreign.slice(0, 3).join(', ') + (foreign.length > 3 ? ` and ${plural(foreign.length - 3, 'more file')}` : '');
      return report(
        undefined,
        `${out} holds ${shown}, which no earlier build wrote (its ${render ? HTML_RECORD : 'site.json'} does not list ${foreign.length > 1 ? 'them' : 'it'}); move ${foreign.length > 1 ? 'them' : 'it'} away or choose another output folder.`,
      );
    }
    // What a build killed while writing left (temporary files and folders, backups) goes first.
    await removeLeftovers(out);
    // A killed first build leaves <out> itself under a temporary name beside it.
    await removeLeftovers(path.dirname(out), { only: path.basename(out) });
    if (render) await removeLeftovers(out, { recursive: true });
    else {
      await removeLeftovers(path.join(out, 'endpoints'), { recursive: true });
      await removeLeftovers(path.join(out, 'schemas'));
    }
    const changes: FileChange[] = files.map((file) => ({ kind: 'write', path: path.join(out, file.path), content: file.content }));
    const current = new Set(files.map((file) => file.path));
    const stale = previous.filter((file) => !current.has(file));
    for (const file of stale) changes.push({ kind: 'delete', path: path.join(out, file) });
    try {
      await writeFilesAtomically(changes);
    } catch (error) {
      if (error instanceof WriteFilesError) return report(undefined, error.message);
      throw error;
    } finally {
      if (planned) renderFailures = planned.failures();
    }
    for (const file of files) if (typeof file.content !== 'function') bytes += sizeOf(file.content);
    return report({ files: files.length, bytes, removed: stale.length });
  },
};

/**
 * Links that lead nowhere. The platform deploys a site that has them (its link check is a step of
 * its own, which a site may run or not), so they do not fail a build; a rule set for their code
 * (`--rule content/broken-link=error`) decides instead.
 */
const DEPLOYED_LINK_ERRORS = new Set(['content/broken-link', 'content/link-outside-site']);

function isDeployedLinkError(diagnostic: Diagnostic, rules: RuleSettings): boolean {
  return diagnostic.severity === 'error' && DEPLOYED_LINK_ERRORS.has(diagnostic.code) && ruleFor(diagnostic.code, rules) === undefined;
}

/** The record an HTML build keeps of the files it wrote, in its own folder of `out`. */
const HTML_RECORD = '_quire/build.json';

function renderFailureLine(page: StaticSiteFailure): string {
  const place = page.line !== undefined ? `:${page.line}${page.column !== undefined ? `:${page.column}` : ''}` : '';
  return `${page.file ?? page.href}${place}: the page was written with its ${page.stage === 'read' ? 'read' : page.stage} error in its place: ${page.message}`;
}

/**
 * The files of the HTML build already in `out` (from its record), `'foreign'` when the record is
 * something else. Only relative paths inside `out` are taken, so a hand-edited record cannot make
 * the build delete elsewhere.
 */
async function previousHtmlBuild(out: string): Promise<string[] | 'foreign'> {
  let text: string;
  try {
    text = await readFile(path.join(out, HTML_RECORD), 'utf8');
  } catch {
    return [];
  }
  try {
    const record = JSON.parse(text) as { format?: unknown; files?: unknown };
    if (record.format !== 'quire-html' || !Array.isArray(record.files)) return 'foreign';
    const files = record.files.filter(
      (file): file is string =>
        typeof file === 'string' &&
        file !== '' &&
        !file.startsWith('/') &&
        !file.includes('\\') &&
        !file.split('/').some((part) => part === '' || part === '.' || part === '..'),
    );
    return [HTML_RECORD, ...files];
  } catch {
    return 'foreign';
  }
}

/**
 * The files of the build already in `out` (from its site.json), so that those this build no
 * longer writes are removed; `'foreign'` when `out/site.json` is something else.
 */
async function previousBuild(out: string): Promise<string[] | 'foreign'> {
  let text: string;
  try {
    text = await readFile(path.join(out, 'site.json'), 'utf8');
  } catch {
    return [];
  }
  try {
    const site = JSON.parse(text) as { format?: unknown; endpoints?: Array<{ model?: unknown; schemas?: unknown }>; search?: unknown };
    if (site.format !== 'quire-site') return 'foreign';
    // Only paths this format writes, so a hand-edited site.json cannot make the build delete elsewhere.
    const models = (site.endpoints ?? [])
      .map((entry) => entry.model)
      .filter(
        (model): model is string =>
          typeof model === 'string' && /^endpoints\/(?:[^/\\.][^/\\]*\/)*[^/\\]+\.json$/.test(model) && !model.split('/').includes('..'),
      );
    const tables = (site.endpoints ?? [])
      .map((entry) => entry.schemas)
      .filter((table): table is string => typeof table === 'string' && /^schemas\/[^/\\.][^/\\]*\.json$/.test(table));
    const search = site.search === 'search.json' ? ['search.json'] : [];
    return ['site.json', ...search, ...models, ...new Set(tables)];
  } catch {
    return 'foreign';
  }
}

/** The files of `files` (paths relative to `out`) that exist in `out` but are not in `written`, the previous build's. */
async function filesNotWritten(out: string, files: readonly string[], written: ReadonlySet<string>): Promise<string[]> {
  const unknown = files.filter((file) => !written.has(file));
  const found: string[] = [];
  if (
    unknown.length === 0 ||
    !(await lstat(out).then(
      () => true,
      () => false,
    ))
  )
    return found;
  for (let start = 0; start < unknown.length; start += 64) {
    const batch = unknown.slice(start, start + 64);
    const exists = await Promise.all(
      batch.map((file) =>
        lstat(path.join(out, file)).then(
          () => true,
          () => false,
        ),
      ),
    );
    append(
      found,
      batch.filter((_, index) => exists[index]),
    );
  }
  return found;
}

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}
