import { readFileSync } from 'node:fs';
import { memo } from '../../util/memo.js';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { buildSite, withPageContent, type BuildSiteInput, type BuildSiteResult } from '../../build/build-site.js';
import type { CompiledSite } from '../../build/types.js';
import type { DocsConfig } from '../../config/schemas/docs-config.js';
import { resolveImportFile } from '../../content/check-content.js';
import { legacySnippetFile } from '../../content/rendered.js';
import { readPageContent } from '../../content/page-bytes.js';
import type { PageFacts } from '../../content/read-page.js';
import { snippetFiles } from '../../content/snippets.js';
import { nodePageParsers } from '../../node/native-parser.js';
import { cacheDirFor } from '../../node/content-cache.js';
import {
  keptPageIsCurrent,
  outlineSnapshotKey,
  pageSources,
  readKeptPages,
  readOutlineSnapshot,
  writeKeptPages,
  writeOutlineSnapshot,
  type KeptPage,
} from '../../node/outline-snapshot.js';
import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import { formatDiagnostics } from '../../diagnostics/format.js';
import { isDirectory, toPosix } from '../../node/paths.js';
import type { SiteRenderer } from '../../render/index.js';
import { ExitCode, parseCommandLine, UsageError, type Command } from '../command.js';
import { startDevServer, type DevAnswer, type RunningDevServer } from '../dev-server.js';
import { cacheHelp, openSiteForCommand, type CommandSite, type OpenedCommandSite } from '../load.js';
import { plural } from '../output.js';
import type { AssistantPanelSettings } from '../../render/assistant-panel.js';
import { assistantHelp, assistantPanelOf } from '../assistant-option.js';
import { handleProxyRequest, PROXY_PATH } from '../playground-proxy.js';
import { loadRender, readMermaidBundle, readPlaygroundBundle } from '../render-packages.js';
import { islandsRuntime, loadSiteCodeTools, startSiteCodeTools, type SiteCodeOptionsFor } from '../site-code-tools.js';
import { ruleOptionHelp } from '../rule-options.js';
import { reopens, watchFolder } from '../watch.js';
import { contentTypeOf, isServedFile } from '../../render/served-files.js';
import { renderInputOf } from '../render-input.js';

const DEFAULT_PORT = 3000;

/**
 * How long `quire dev` waits after a change for the others of the same save: an editor's save
 * (a write, or a temporary file renamed) reaches the watcher within a few milliseconds, and every
 * millisecond here is one more before the browser shows the change.
 */
const DEV_SETTLE_MS = 40;

const usage = `Usage: quire dev [dir] [options]

Serves the site in [dir] (default: the current folder) on http://127.0.0.1:${DEFAULT_PORT}, each page
rendered when it is asked for, as quire build --html writes it. When a file under the folder
changes, the site is compiled again (only what the change touches) and the open pages reload.
A page shows its own problems (file, line, column, the lines around, a hint) above its content;
a page whose MDX does not compile shows why in its place, and every other page still works. It
needs react and react-dom (npm install react react-dom).

Options:
  --port <n>         Port (default ${DEFAULT_PORT}; 0 picks a free one)
  --host <addr>      Address to listen on (default 127.0.0.1: this machine only)
  --proxy-private    Let the API playground's proxy reach loopback and private addresses
                     (an API running on this machine); it never does otherwise
${assistantHelp(21)}
  --strict           Report unknown keys outside navigation as errors, not warnings
  --offline          Do not fetch OpenAPI documents given by URL; warn about each
${cacheHelp(21)}
${ruleOptionHelp(21)}
  -h, --help         Show this help

Runs until stopped (Ctrl-C). Exit code 2 on a usage error or when the port is taken.`;

/** `quire dev`: the site rendered on request, reloaded in the browser as its files change. */
export const devCommand: Command = {
  name: 'dev',
  summary: 'Preview the site in a browser, rendered on request and reloaded as files change',
  usage,
  async run(argv, io) {
    const { values, positionals } = parseCommandLine({
      args: argv,
      allowPositionals: true,
      options: {
        port: { type: 'string' },
        host: { type: 'string', default: '127.0.0.1' },
        'proxy-private': { type: 'boolean', default: false },
        assistant: { type: 'string' },
        'assistant-key': { type: 'string' },
        strict: { type: 'boolean', default: false },
        offline: { type: 'boolean', default: false },
        rule: { type: 'string', multiple: true, default: [] },
        'no-cache': { type: 'boolean', default: false },
        cache: { type: 'string' },
      },
    });
    if (positionals.length > 1) throw new UsageError(`expected at most one folder, got ${positionals.length}`);
    const port = values.port === undefined ? DEFAULT_PORT : /^\d+$/.test(values.port) ? Number(values.port) : Number.NaN;
    if (!(port >= 0 && port <= 65_535)) throw new UsageError(`--port must be a whole number from 0 to 65535, not "${values.port}"`);
    if (values.host === '') throw new UsageError('--host needs an address');
    const assistant = assistantPanelOf(values.assistant, values['assistant-key'], io.env);
    // Loaded before the site is: a missing peer dependency is said at once, not after a long load.
    const render = await loadRender('quire dev');
    if (typeof render === 'string') {
      io.stderr.write(`quire dev: ${render}\n`);
      return ExitCode.usage;
    }
    // Shiki's start (its WebAssembly engine) and esbuild's overlap the site's load instead of following it.
    void render.prepareRender();
    startSiteCodeTools();
    const tools = await loadSiteCodeTools();
    if (typeof tools === 'string') io.stderr.write(`quire dev: ${tools}\n`);
    const siteCode = typeof tools === 'string' ? undefined : tools;
    const target = positionals[0] ?? '.';
    let stopWatching: (() => void) | undefined;
    /** Watches the site from when its folder is known (the outline): a page saved while the checks run is shown after them. */
    const watchFrom = (root: string) => {
      stopWatching ??= watchFolder(
        root,
        async (changed) => {
          const before = await preview;
          let handle = await opened;
          let next: Preview;
          if (reopens(changed)) {
            handle = await open();
            next = previewOf(handle.site, makers);
          } else {
            const updated = await handle.update(changed);
            next =
              handle.changed?.changedNavigation === false ? updatedPreview(before, updated, handle.changed.changedPages, makers) : previewOf(updated, makers);
          }
          opened = Promise.resolve(handle);
          current = next;
          preview = Promise.resolve(next);
          setTimeout(() => next.snippets?.(), 100).unref();
          io.stdout.write(`${[...changed].sort().join(', ')} changed: ${summaryLine(next.site)}\n`);
          server?.reload();
        },
        (error) => io.stderr.write(`quire dev: ${(error as Error).message}\n`),
        { settleMs: DEV_SETTLE_MS },
      );
    };
    // Mermaid's browser bundle, served as `quire build --html` writes it: pages with a diagram load it.
    const mermaid = await readMermaidBundle();
    // The API playground's script, and its requests sent through this server's proxy (see playground-proxy.ts).
    const playground = await readPlaygroundBundle();
    const makers: PreviewMakers = {
      createSiteRenderer: render.createSiteRenderer,
      cwd: io.cwd,
      ...(siteCode ? { siteCodeFor: siteCode } : {}),
      ...(mermaid ? { mermaidScript: mermaid } : {}),
      ...(playground ? { playgroundScript: playground } : {}),
      ...(assistant ? { assistant } : {}),
    };
    let server: RunningDevServer | undefined;
    // The first page is served from the site's outline (its navigation, and the page's own text
    // read when it is asked for), before the content of every page is read and checked; from the
    // outline of the last run, kept in the cache folder, until this run has made its own.
    const snapshot = outlineSnapshotOf(target, io.cwd, values);
    const kept = snapshot && readOutlineSnapshot<CommandSite>(snapshot.dir, snapshot.key);
    // A site with components of its own (JS, JSX, TS, TSX files) needs the islands' browser
    // runtime on its first interactive page, which waited for esbuild to bundle React (0.25 s of
    // firecrawl-docs's first page): bundled meanwhile, in esbuild's process.
    if (kept?.siteFiles.some((file) => /\.[cm]?[jt]sx?$/.test(file))) void islandsRuntime().catch(() => undefined);
    // The HTML of the pages the last run served last, served again while their files are as they were.
    const keptPages = snapshot && kept ? readKeptPages(snapshot.dir, snapshot.key) : new Map<string, KeptPage>();
    const servedPages = new Map(keptPages);
    let keeping: NodeJS.Timeout | undefined;
    const keepPages = () => {
      clearTimeout(keeping);
      if (snapshot) writeKeptPages(snapshot.dir, snapshot.key, servedPages);
    };
    /** Records the HTML of a page served (the last KEPT_PAGES are kept, a second after the last). */
    const served = (href: string, reply: DevAnswer) => {
      if (!snapshot || reply.status !== 200 || reply.file === undefined || typeof reply.body !== 'string') return;
      servedPages.delete(href);
      servedPages.set(href, { html: reply.body, sources: pageSources(snapshot.root, reply.file) });
      clearTimeout(keeping);
      keeping = setTimeout(keepPages, 1000).unref();
    };
    let outline: OutlinePreview | undefined;
    try {
      outline = kept ? OutlinePreview.of(kept, makers, undefined, keptPages) : undefined;
    } catch {
      // A kept outline this build cannot draw: the site's own, as without one.
    }
    /** The outline kept for the next start: this run's once made, else the last run's. */
    let outlineSite = kept;
    let outlined: () => void = () => undefined;
    const outlineReady = new Promise<void>((resolve) => (outlined = resolve));
    if (outline) outlined();
    const open = (first = false) =>
      openSiteForCommand(
        target,
        io,
        { ...values, format: 'text' },
        first
          ? {
              onOutline: async (site) => {
                try {
                  // The pages served from the kept outline are compared with the checked site as
                  // the others are, and reload if it shows them otherwise.
                  outline = OutlinePreview.of(site, makers, outline);
                } catch (error) {
                  // The first page then waits for the whole site, as it did before the outline.
                  io.stderr.write(`quire dev: ${(error as Error).stack ?? String(error)}\n`);
                }
                outlined();
                // The pages asked for meanwhile are served before the content is read.
                await new Promise((resolve) => setImmediate(resolve));
                await outline?.idle();
                if (snapshot) writeOutlineSnapshot(snapshot.dir, snapshot.key, site);
                outlineSite = site;
                watchFrom(site.root);
                // The tests hold the checks back, so that what comes before them is seen before them.
                const hold = Number(process.env.QUIRE_DEV_TEST_HOLD_CHECKS_MS ?? 0);
                if (hold > 0) await new Promise((resolve) => setTimeout(resolve, hold));
              },
            }
          : {},
      );
    // The server listens at once: a page asked for while the site compiles is answered when it can be.
    // With a kept outline, the site is read once the pages asked for at first are served (reading
    // it takes the one thread they are rendered on).
    let opened: Promise<OpenedCommandSite> = outline ? outline.quiet().then(() => open(true)) : open(true);
    /** The preview of the whole site, checked; set once the pages served from the outline are compared with it. */
    let current: Preview | undefined;
    let preview: Promise<Preview> = opened.then(async (site) => {
      const full = previewOf(site.site, makers);
      const early = outline;
      outline = undefined;
      // A page served before the checks is served again if they change it (its problems, a
      // link's did-you-mean): the open pages reload.
      if (early && full.compiled && (await early.differsFrom(full))) server?.reload();
      current = full;
      // Found while nothing else runs, for the first save.
      setTimeout(() => full.snippets?.(), 100).unref();
      void warmLanguages(full, () => current === full, render.fenceLanguages).catch(() => undefined);
      return full;
    });
    // An answer is never left waiting on a load that failed; the failure ends the command below.
    preview.catch(() => undefined);
    outlineReady.catch(() => undefined);
    const respond = async (pathname: string): Promise<DevAnswer> => {
      const href = hrefOf(pathname);
      if (current === undefined && outline === undefined) await Promise.race([outlineReady, preview]);
      if (current === undefined && outline !== undefined) {
        const early = await outline.answer(pathname).catch((error: unknown) => {
          io.stderr.write(`quire dev: ${(error as Error).stack ?? String(error)}\n`);
          return undefined;
        });
        if (early) {
          served(href, early);
          return early;
        }
      }
      const full = current ?? (await preview);
      const reply = await answer(full, pathname);
      served(href, reply);
      return reply;
    };
    try {
      server = await startDevServer({
        host: values.host,
        port,
        answer: respond,
        proxy: (request, response) =>
          handleProxyRequest(request, response, {
            // The servers the site declares as it is now; none before its first compile is done.
            servers: () => (current?.site.endpointPages ?? []).flatMap((endpoint) => endpoint.servers),
            allowPrivate: values['proxy-private'],
          }),
        onError: (error) => io.stderr.write(`quire dev: ${(error as Error).stack ?? String(error)}\n`),
      });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'EADDRINUSE' && code !== 'EACCES' && code !== 'EADDRNOTAVAIL') throw error;
      io.stderr.write(
        `quire dev: cannot listen on ${values.host}:${port} (${code}): ${code === 'EADDRINUSE' ? 'another program uses that port; --port picks another (0: any free one)' : 'choose another --host or --port'}\n`,
      );
      await preview.catch(() => undefined);
      return ExitCode.usage;
    }
    const running = server;
    io.stdout.write(`quire dev: ${running.url} (Ctrl-C stops)\n`);
    let site: CommandSite;
    try {
      site = (await preview).site;
    } catch (error) {
      await running.close();
      throw error;
    }
    io.stdout.write(`${summaryLine(site)}\n`);

    watchFrom(site.root);
    await new Promise<void>((resolve) => {
      process.once('SIGINT', resolve);
      process.once('SIGTERM', resolve);
    });
    stopWatching?.();
    await running.close();
    keepPages();
    // Files added or removed while it ran (a new snippet) are in the outline the next start serves
    // from: without them, a page importing a new snippet showed "names no file" until the checks.
    const files = current?.siteFiles;
    if (snapshot && outlineSite && files && (files.size !== outlineSite.siteFiles.length || outlineSite.siteFiles.some((file) => !files.has(file)))) {
      if (outlineSnapshotKey(snapshot.docsJson, values) === snapshot.key)
        writeOutlineSnapshot(snapshot.dir, snapshot.key, { ...outlineSite, siteFiles: [...files].sort() });
    }
    return ExitCode.ok;
  },
};

/**
 * Renders, one at a time while nothing else runs, a page for each language of code that many of
 * the site's pages use, and lets the HTML go: shiki compiles a grammar's rules when they are first
 * used, 0.1 to 0.8 s of CPU for a language, which a page's first view then paid (firecrawl-docs's
 * /features/scrape: 0.5 s of CPU, 20 ms once its languages were used). Languages of fewer than 1%
 * of the pages are left to their first page: warming all 35 of firecrawl-docs's took 11 s of CPU.
 * Stops when `current` is false (the site changed).
 */
async function warmLanguages(preview: Preview, current: () => boolean, fenceLanguages: (text: string) => Set<string>): Promise<void> {
  const { compiled, renderer, site } = preview;
  if (!compiled || !renderer) return;
  const turn = () => new Promise((resolve) => setTimeout(resolve, 5));
  const pagesOf = new Map<string, string[]>();
  const seen = new Set<string>();
  for (const page of compiled.pages) {
    if (page.file === undefined || seen.has(page.file)) continue;
    seen.add(page.file);
    if (seen.size % 64 === 0) await turn();
    if (!current()) return;
    const text = await readFile(path.join(site.root, page.file), 'utf8').catch(() => '');
    for (const language of fenceLanguages(text)) pagesOf.set(language, [...(pagesOf.get(language) ?? []), page.href]);
  }
  const common = [...pagesOf].filter(([, hrefs]) => hrefs.length >= seen.size / 100).sort((a, b) => b[1].length - a[1].length);
  const rendered = new Set<string>();
  for (const [, hrefs] of common) {
    if (hrefs.some((href) => rendered.has(href))) continue;
    const href = hrefs[0] as string;
    rendered.add(href);
    await turn();
    if (!current()) return;
    await renderer.page(href);
  }
}

/**
 * Where `quire dev` keeps the outline of the site in `target` for its next start, and under which
 * key: the cache folder of the site (`--cache`; none with `--no-cache`).
 */
function outlineSnapshotOf(
  target: string,
  cwd: string,
  options: { strict: boolean; offline: boolean; 'no-cache': boolean; cache?: string | undefined },
): { dir: string; key: string; root: string; docsJson: string } | undefined {
  const absolute = path.resolve(cwd, target);
  const docsJson = isDirectory(absolute) ? path.join(absolute, 'docs.json') : absolute;
  const dir = cacheDirFor(path.dirname(docsJson), cwd, {
    ...(options['no-cache'] ? { cache: false } : {}),
    ...(options.cache !== undefined ? { cache: true, cacheDir: options.cache } : {}),
  });
  const key = dir === undefined ? undefined : outlineSnapshotKey(docsJson, options);
  return dir !== undefined && key !== undefined ? { dir, key, root: path.dirname(docsJson), docsJson } : undefined;
}

/** What a preview is made with: the renderer's constructor, the folder file names are relative to, the site's code. */
interface PreviewMakers {
  createSiteRenderer: typeof import('../../render/index.js').createSiteRenderer;
  cwd: string;
  siteCodeFor?: SiteCodeOptionsFor;
  /** Mermaid's browser bundle, when mermaid is installed. */
  mermaidScript?: Uint8Array;
  /** The API playground's browser script. */
  playgroundScript?: string;
  /** The assistant panel's settings (`--assistant`). */
  assistant?: AssistantPanelSettings;
}

/** What the server answers from: the site as compiled now, rendered on request. */
interface Preview {
  site: CommandSite;
  /** `undefined` when docs.json has errors: every path answers with them. */
  compiled: CompiledSite | undefined;
  /** What `compiled` was built as (its search text), for {@link updatedPreview}. */
  built: BuildSiteResult | undefined;
  /** The site's MDX snippets (`snippetFiles`, found when first asked: 0.1 s on firecrawl-docs), for {@link updatedPreview}. */
  snippets?: () => ReadonlySet<string>;
  renderer: SiteRenderer | undefined;
  /** The site's diagnostics by file, relative to the site folder. */
  diagnosticsOf: Map<string, Diagnostic[]>;
  /** Every file of the site (`LoadedSite.siteFiles`): those the platform serves are served. */
  siteFiles: ReadonlySet<string>;
  cwd: string;
}

/** docs.json as the preview renders it; `undefined` when it has errors of its own. */
function usableConfig(site: CommandSite, cwd: string): DocsConfig | undefined {
  const errors = site.diagnostics.some((diagnostic) => diagnostic.severity === 'error' && diagnostic.file === toPosix(path.relative(cwd, site.docsJson)));
  return site.config ?? (errors ? undefined : site.partialConfig);
}

function buildInput(site: CommandSite, config: DocsConfig, content: ReadonlyMap<string, PageFacts>): BuildSiteInput {
  if (!site.tree) throw new Error('no navigation');
  return {
    config,
    tree: site.tree,
    endpointPages: site.endpointPages,
    files: site.files,
    frontmatter: site.frontmatter,
    siteFiles: site.siteFiles,
    content,
    // The preview reads the compiled site, never its JSON.
    json: false,
  };
}

function previewOf(site: CommandSite, makers: PreviewMakers): Preview {
  const config = usableConfig(site, makers.cwd);
  if (!config || !site.tree)
    return {
      site,
      compiled: undefined,
      built: undefined,
      renderer: undefined,
      diagnosticsOf: diagnosticsByFile(site, makers.cwd),
      siteFiles: new Set(),
      cwd: makers.cwd,
    };
  return previewFrom(site, config, buildSite(buildInput(site, config, site.content)), makers);
}

/**
 * The preview after a change to the content of pages alone (not the navigation, the frontmatter,
 * the files, a snippet): the site built before, with those pages' content taken again (see
 * `withPageContent`), instead of the whole site built again (0.5 s of CPU on firecrawl-docs).
 */
function updatedPreview(before: Preview, site: CommandSite, changedPages: readonly string[], makers: PreviewMakers): Preview {
  const config = usableConfig(site, makers.cwd);
  if (!config || !site.tree || !before.built) return previewOf(site, makers);
  const pageFiles = new Set(before.built.site.pages.map((page) => page.file));
  const snippets = before.snippets?.();
  // A snippet's text is in the pages that render it; new imports may make a file a snippet.
  const sameImports = (file: string) => JSON.stringify(before.site.content.get(file)?.imports) === JSON.stringify(site.content.get(file)?.imports);
  if (!snippets || changedPages.some((file) => !pageFiles.has(file) || snippets.has(file) || !sameImports(file))) return previewOf(site, makers);
  const built = withPageContent(before.built, buildInput(site, config, site.content), changedPages, snippets);
  return previewFrom(site, config, built, makers, snippets);
}

function previewFrom(site: CommandSite, config: DocsConfig, built: BuildSiteResult, makers: PreviewMakers, snippets?: ReadonlySet<string>): Preview {
  return {
    site,
    compiled: built.site,
    built,
    snippets: memo(() => snippets ?? snippetFiles(site.content, site.files)),
    renderer: rendererOf(site, config, built, site.content, makers),
    diagnosticsOf: diagnosticsByFile(site, makers.cwd),
    siteFiles: new Set(site.siteFiles),
    cwd: makers.cwd,
  };
}

function rendererOf(
  site: CommandSite,
  config: DocsConfig,
  built: BuildSiteResult,
  content: ReadonlyMap<string, PageFacts>,
  makers: PreviewMakers,
): SiteRenderer {
  return makers.createSiteRenderer({
    ...renderInputOf(site, built, config),
    ...(makers.mermaidScript ? { mermaidScript: makers.mermaidScript } : {}),
    ...(makers.playgroundScript ? { playgroundScript: makers.playgroundScript, playgroundProxy: PROXY_PATH } : {}),
    ...(makers.assistant ? { assistant: makers.assistant } : {}),
    // The outline's pages' content, read as they are asked for (see OutlinePreview), or the site's.
    content,
    // A new loader for each state of the site: a changed snippet or component runs again.
    ...(makers.siteCodeFor ? { siteCode: makers.siteCodeFor(site.root, site.siteFiles, content) } : {}),
  });
}

function diagnosticsByFile(site: CommandSite, cwd: string): Map<string, Diagnostic[]> {
  const diagnosticsOf = new Map<string, Diagnostic[]>();
  for (const diagnostic of site.diagnostics) {
    const file = toPosix(path.relative(site.root, path.resolve(cwd, diagnostic.file)));
    const list = diagnosticsOf.get(file) ?? [];
    list.push(diagnostic);
    diagnosticsOf.set(file, list);
  }
  return diagnosticsOf;
}

/**
 * The site before its pages' content is read and checked (`onOutline`): its navigation, endpoint
 * pages and frontmatter. A page asked for is rendered from it with its own text (and that of the
 * MDX snippets it imports), read then; its problems are not known yet. Anything else (the search
 * index, a redirect, a 404) waits for the whole site.
 */
class OutlinePreview {
  /** The HTML served of each page, to compare with the checked site's. */
  private readonly served = new Map<string, string | Uint8Array>();
  private readonly facts = new Map<string, PageFacts>();
  private readonly pending = new Set<Promise<unknown>>();
  private readonly fileOf = new Map<string, string | undefined>();
  private readonly parsers = nodePageParsers();
  /** When the last answer was sent (`quiet`). */
  private lastAnswer: number | undefined;
  private readonly files: ReadonlySet<string>;

  private constructor(
    private readonly site: CommandSite,
    private readonly config: DocsConfig,
    private built: BuildSiteResult,
    private readonly makers: PreviewMakers,
    /** The HTML of pages the last run served (see readKeptPages). */
    private readonly keptPages: ReadonlyMap<string, KeptPage>,
  ) {
    for (const page of built.site.pages) if (!this.fileOf.has(page.href)) this.fileOf.set(page.href, page.file);
    for (const endpoint of built.site.endpoints) if (!this.fileOf.has(endpoint.href)) this.fileOf.set(endpoint.href, endpoint.file);
    this.files = new Set(site.siteFiles);
  }

  /**
   * The outline of `site`, or `undefined` when it cannot render (docs.json has errors). The pages
   * `before` served (a kept outline's) count as served by this one, to be compared with the
   * checked site; `keptPages` (the last run's HTML of some pages, `before`'s by default) are
   * served while their files are as they were.
   */
  static of(site: CommandSite, makers: PreviewMakers, before?: OutlinePreview, keptPages = before?.keptPages ?? new Map()): OutlinePreview | undefined {
    const config = usableConfig(site, makers.cwd);
    if (!config || !site.tree) return undefined;
    const outline = new OutlinePreview(site, config, buildSite(buildInput(site, config, new Map())), makers, keptPages);
    for (const [href, html] of before?.served ?? []) outline.served.set(href, html);
    return outline;
  }

  /** Resolves when the answers under way are sent. */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  /**
   * Resolves once the first pages asked for are served: nothing asked of this outline for 250 ms
   * after an answer, or 300 ms from now when nothing is asked; 3 s at most.
   */
  async quiet(): Promise<void> {
    const from = Date.now();
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      const now = Date.now();
      if (now - from >= 3000) return;
      if (this.pending.size > 0) continue;
      if (this.lastAnswer === undefined ? now - from >= 300 : now - this.lastAnswer >= 250) return;
    }
  }

  /** The answer for a page or the shell's files (style sheet, script, Mermaid); `undefined` for what waits for the whole site. */
  answer(pathname: string): Promise<DevAnswer | undefined> {
    const answering = this.answerNow(pathname);
    this.pending.add(answering);
    void answering
      .finally(() => {
        this.pending.delete(answering);
        this.lastAnswer = Date.now();
      })
      .catch(() => undefined);
    return answering;
  }

  private async answerNow(pathname: string): Promise<DevAnswer | undefined> {
    const href = hrefOf(pathname);
    // The shell's own files; the search index and the shared sidebars wait for the whole site.
    if (href === '/_quire/site.css' || href === '/_quire/site.js' || href === '/_quire/mermaid.min.js' || href === '/_quire/playground.js') {
      const shell = this.renderer().shellFile(href.slice(1));
      return shell === undefined ? undefined : { status: 200, type: contentTypeOf(href), body: shell };
    }
    if (!this.fileOf.has(href)) {
      // A file a page served links to (its images).
      const file = href.slice(1);
      const served = this.built.site.staticFiles.includes(file) || (isServedFile(file) && this.files.has(file));
      if (!served || /\.m?js$/i.test(file)) return undefined;
      const bytes = await readFile(path.join(this.site.root, file)).catch(() => undefined);
      return bytes ? { status: 200, type: contentTypeOf(file), body: bytes } : undefined;
    }
    const file = this.fileOf.get(href);
    // As the last run served it, when the page's files are as they were: the checks compare it
    // with the site as they compare the pages rendered here.
    const kept = file === undefined ? undefined : this.keptPages.get(href);
    if (file !== undefined && kept !== undefined && keptPageIsCurrent(kept, pageSources(this.site.root, file))) {
      this.served.set(href, kept.html);
      return { status: 200, type: HTML, body: kept.html, file };
    }
    if (file !== undefined && !this.facts.has(file)) {
      const read = this.read(file);
      this.built = withPageContent(this.built, buildInput(this.site, this.config, this.facts), read);
    }
    const page = await this.renderer().page(href);
    if (!page) return undefined;
    this.served.set(href, page.html);
    return { status: 200, type: HTML, body: page.html, ...(page.file !== undefined ? { file: page.file } : {}) };
  }

  /** Reads and parses a page and the MDX files it imports, as the compiler does; gives the files read. */
  private read(file: string): string[] {
    const read: string[] = [];
    const queue = [file];
    for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
      if (this.facts.has(next)) continue;
      let bytes: Uint8Array;
      try {
        bytes = readFileSync(path.join(this.site.root, next));
      } catch {
        continue;
      }
      const facts = readPageContent(bytes, next, this.parsers);
      this.facts.set(next, facts);
      read.push(next);
      for (const item of facts.imports) {
        const imported = item.legacy ? legacySnippetFile(this.files, item.source) : resolveImportFile(this.files, item.source, next);
        if (imported !== undefined && /\.mdx?$/i.test(imported)) queue.push(imported);
      }
    }
    return read;
  }

  private renderer(): SiteRenderer {
    return rendererOf(this.site, this.config, this.built, this.facts, this.makers);
  }

  /** Whether a page served differs in `full` (its problems, a link's did-you-mean, ...). */
  async differsFrom(full: Preview): Promise<boolean> {
    let differs = false;
    for (const [href, html] of this.served) {
      const now = await answer(full, href);
      if (now.body !== html) differs = true;
    }
    return differs;
  }
}

const HTML = 'text/html; charset=utf-8';

/** Where the renderer's own files are (`shellFiles`: style sheet, scripts, search index, shared sidebars). */
const SHELL_PREFIX = '/_quire/';

async function answer(preview: Preview, pathname: string): Promise<DevAnswer> {
  const { compiled, renderer, site } = preview;
  if (!compiled || !renderer) {
    // docs.json does not compile: every page says why.
    const docsJson = toPosix(path.relative(site.root, site.docsJson));
    return {
      status: 500,
      type: HTML,
      body: problemsPage('docs.json has errors', diagnosticsHtml(preview, preview.diagnosticsOf.get(docsJson) ?? site.diagnostics)),
    };
  }
  const href = hrefOf(pathname);
  // The shell's files are all under /_quire/; each is made alone (a new renderer after each save
  // made them all, the search index and every section's sidebar, for the page's first request).
  const shell = href.startsWith(SHELL_PREFIX) ? renderer.shellFile(href.slice(1)) : undefined;
  if (shell !== undefined) return { status: 200, type: contentTypeOf(href), body: shell };
  const page = await renderer.page(href);
  if (page) {
    const problems = page.file === undefined ? [] : (preview.diagnosticsOf.get(page.file) ?? []);
    return {
      status: 200,
      type: HTML,
      body: withProblems(page.html, diagnosticsHtml(preview, problems)),
      ...(page.file !== undefined ? { file: page.file } : {}),
    };
  }
  const file = href.slice(1);
  // The files pages name, and every other file the platform serves (a page's code may build their
  // address); only those the listing of the folder holds, so never one outside it.
  if (compiled.staticFiles.includes(file) || (isServedFile(file) && preview.siteFiles.has(file))) {
    const bytes = await readFile(path.join(site.root, file)).catch(() => undefined);
    if (bytes) return { status: 200, type: contentTypeOf(file), body: bytes };
  }
  // The site as agents read it: a page's Markdown at <page>.md, llms.txt, llms-full.txt, and
  // sitemap.xml and robots.txt when docs.json names the site's URL (the site's own come first, above).
  const agentFile = await renderer.agentFile(file);
  if (agentFile !== undefined) return { status: 200, type: agentFileType(file), body: agentFile };
  // A site without a page at `/` opens at its first page, as on the platform.
  const first = href === '/' ? renderer.first() : undefined;
  if (first !== undefined && first !== '/') return { status: 307, type: HTML, body: '', headers: { location: first } };
  const redirect = renderer.redirect(href);
  if (redirect !== undefined) return { status: 307, type: HTML, body: redirect.html, headers: { location: redirect.location } };
  return { status: 404, type: HTML, body: renderer.notFound() };
}

/** The `Content-Type` of a file of the site for agents: Markdown, plain text or XML. */
function agentFileType(file: string): string {
  if (file.endsWith('.md')) return 'text/markdown; charset=utf-8';
  if (file.endsWith('.xml')) return 'application/xml; charset=utf-8';
  return 'text/plain; charset=utf-8';
}

/** A page's diagnostics as quire validate prints them (file, line, column, frame, hint), in a box above its content. */
function diagnosticsHtml(preview: Preview, diagnostics: readonly Diagnostic[]): string {
  if (diagnostics.length === 0) return '';
  const text = formatDiagnostics(diagnostics, preview.site.sources, { color: false });
  const errors = diagnostics.filter((diagnostic) => diagnostic.severity === 'error').length;
  return (
    `<section id="quire-dev-problems" role="alert" style="margin:0;padding:12px 16px;background:#fff4f4;color:#3b0a0a;border-bottom:2px solid #d33;font:13px/1.5 ui-monospace,SFMono-Regular,Menlo,monospace;max-height:45vh;overflow:auto;position:relative;z-index:1000">` +
    `<strong style="font-family:system-ui,sans-serif">quire dev: ${plural(errors, 'error')}, ${plural(diagnostics.length - errors, 'warning')} on this page</strong>` +
    `<pre style="margin:8px 0 0;white-space:pre-wrap">${escapeHtml(text)}</pre></section>`
  );
}

function withProblems(html: string, problems: string): string {
  if (!problems) return html;
  const body = /<body[^>]*>/.exec(html);
  return body ? html.slice(0, body.index + body[0].length) + problems + html.slice(body.index + body[0].length) : problems + html;
}

function problemsPage(title: string, problems: string): string {
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body>${problems}</body></html>\n`;
}

function summaryLine(site: CommandSite): string {
  const errors = site.diagnostics.filter((diagnostic) => diagnostic.severity === 'error').length;
  return `${plural(errors, 'error')}, ${plural(site.diagnostics.length - errors, 'warning')} (quire validate prints them)`;
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ENTITIES[character] as string);
}

/** The page a request's path asks for: `/guides/setup/` is `/guides/setup`. */
function hrefOf(pathname: string): string {
  return pathname.replace(/\/+$/, '') || '/';
}
