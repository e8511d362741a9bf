import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { CompiledSite } from '../../build/types.js';
import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import { formatDiagnostics } from '../../diagnostics/format.js';
import { toPosix } from '../../node/paths.js';
import type { SiteRenderer } from '../../render/index.js';
import { ExitCode, parseCommandLine, UsageError, type Command } from '../command.js';
import { startDevServer, type DevAnswer } from '../dev-server.js';
import { cacheHelp, openSiteForCommand, type CommandSite, type OpenedCommandSite } from '../load.js';
import { plural } from '../output.js';
import { loadRender } from '../render-packages.js';
import { loadSiteCodeTools, type SiteCodeOptionsFor } from '../site-code-tools.js';
import { ruleOptionHelp } from '../rule-options.js';
import { reopens, watchFolder } from '../watch.js';
import { contentTypeOf, isServedFile } from '../../render/served-files.js';
import { buildForRender, renderInputOf } from '../render-input.js';

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
    // Loaded before the site is: a missing peer dependency is said at once, not after a long load.
    const render = await loadRender('quire dev');
    if (typeof render === 'string') {
      io.stderr.write(`quire dev: ${render}\n`);
      return ExitCode.usage;
    }
    const tools = await loadSiteCodeTools();
    if (typeof tools === 'string') io.stderr.write(`quire dev: ${tools}\n`);
    const siteCode = typeof tools === 'string' ? undefined : tools;
    const target = positionals[0] ?? '.';
    const open = () => openSiteForCommand(target, io, { ...values, format: 'text' });
    // Shiki's start (its WebAssembly engine) overlaps the site's load instead of following it.
    void render.prepareRender();
    // The server listens at once: a page asked for while the site compiles is answered when it is compiled.
    let opened: Promise<OpenedCommandSite> = open();
    let preview: Promise<Preview> = opened.then((site) => previewOf(site.site, render.createSiteRenderer, io.cwd, siteCode));
    // An answer is never left waiting on a load that failed; the failure ends the command below.
    preview.catch(() => undefined);
    let server: Awaited<ReturnType<typeof startDevServer>>;
    try {
      server = await startDevServer({
        host: values.host,
        port,
        answer: async (pathname) => answer(await preview, pathname),
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
    io.stdout.write(`quire dev: ${server.url} (Ctrl-C stops)\n`);
    let site: CommandSite;
    try {
      site = (await preview).site;
    } catch (error) {
      await server.close();
      throw error;
    }
    io.stdout.write(`${summaryLine(site)}\n`);

    const stopWatching = watchFolder(
      site.root,
      async (changed) => {
        const current = await opened;
        const next = reopens(changed) ? await open() : { ...current, site: await current.update(changed) };
        opened = Promise.resolve(next);
        preview = Promise.resolve(previewOf(next.site, render.createSiteRenderer, io.cwd, siteCode));
        io.stdout.write(`${[...changed].sort().join(', ')} changed: ${summaryLine(next.site)}\n`);
        server.reload();
      },
      (error) => io.stderr.write(`quire dev: ${(error as Error).message}\n`),
      { settleMs: DEV_SETTLE_MS },
    );
    await new Promise<void>((resolve) => {
      process.once('SIGINT', resolve);
      process.once('SIGTERM', resolve);
    });
    stopWatching();
    await server.close();
    return ExitCode.ok;
  },
};

/** What the server answers from: the site as compiled now, rendered on request. */
interface Preview {
  site: CommandSite;
  /** `undefined` when docs.json has errors: every path answers with them. */
  compiled: CompiledSite | undefined;
  renderer: SiteRenderer | undefined;
  /** The site's diagnostics by file, relative to the site folder. */
  diagnosticsOf: Map<string, Diagnostic[]>;
  /** Every file of the site (`LoadedSite.siteFiles`): those the platform serves are served. */
  siteFiles: ReadonlySet<string>;
  cwd: string;
}

function previewOf(
  site: CommandSite,
  createSiteRenderer: typeof import('../../render/index.js').createSiteRenderer,
  cwd: string,
  siteCodeFor?: SiteCodeOptionsFor,
): Preview {
  const diagnosticsOf = new Map<string, Diagnostic[]>();
  for (const diagnostic of site.diagnostics) {
    const file = toPosix(path.relative(site.root, path.resolve(cwd, diagnostic.file)));
    const list = diagnosticsOf.get(file) ?? [];
    list.push(diagnostic);
    diagnosticsOf.set(file, list);
  }
  const errors = site.diagnostics.some((diagnostic) => diagnostic.severity === 'error' && diagnostic.file === toPosix(path.relative(cwd, site.docsJson)));
  const config = site.config ?? (errors ? undefined : site.partialConfig);
  if (!config || !site.tree) return { site, compiled: undefined, renderer: undefined, diagnosticsOf, siteFiles: new Set(), cwd };
  const built = buildForRender(site, config);
  const compiled = built.site;
  const renderer = createSiteRenderer({
    ...renderInputOf(site, built, config),
    // A new loader for each state of the site: a changed snippet or component runs again.
    ...(siteCodeFor ? { siteCode: siteCodeFor(site.root, site.siteFiles, site.content) } : {}),
  });
  return { site, compiled, renderer, diagnosticsOf, siteFiles: new Set(site.siteFiles), cwd };
}

const HTML = 'text/html; charset=utf-8';

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
  const href = pathname.replace(/\/+$/, '') || '/';
  const shell = renderer.shellFiles().get(href.slice(1));
  if (shell !== undefined) return { status: 200, type: contentTypeOf(href), body: shell };
  const page = await renderer.page(href);
  if (page) {
    const problems = page.file === undefined ? [] : (preview.diagnosticsOf.get(page.file) ?? []);
    return { status: 200, type: HTML, body: withProblems(page.html, diagnosticsHtml(preview, problems)) };
  }
  const file = href.slice(1);
  // The files pages name, and every other file the platform serves (a page's code may build their
  // address); only those the listing of the folder holds, so never one outside it.
  if (compiled.staticFiles.includes(file) || (isServedFile(file) && preview.siteFiles.has(file))) {
    const bytes = await readFile(path.join(site.root, file)).catch(() => undefined);
    if (bytes) return { status: 200, type: contentTypeOf(file), body: bytes };
  }
  // A site without a page at `/` opens at its first page, as on the platform.
  const first = href === '/' ? renderer.first() : undefined;
  if (first !== undefined && first !== '/') return { status: 307, type: HTML, body: '', headers: { location: first } };
  const redirect = renderer.redirect(href);
  if (redirect !== undefined) return { status: 307, type: HTML, body: redirect.html, headers: { location: redirect.location } };
  return { status: 404, type: HTML, body: renderer.notFound() };
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
