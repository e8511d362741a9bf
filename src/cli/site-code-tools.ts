import path from 'node:path';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { PageFacts } from '../content/index.js';
import type { SiteCodeOptions, SiteCodeTransform } from '../render/site-code.js';
import { ISLANDS_CLIENT_ENTRY } from '../render/islands-client.js';

/** The part of esbuild Quire calls (typed here: esbuild is an optional peer dependency). */
interface Esbuild {
  transform(code: string, options: Record<string, unknown>): Promise<{ code: string }>;
  build(options: Record<string, unknown>): Promise<{ outputFiles: { text: string }[] }>;
}

interface EsbuildError {
  errors?: { text: string; location?: { line: number; column: number } | null }[];
}

let esbuild: Promise<Esbuild | undefined> | undefined;

/** esbuild, loaded once per process; undefined when it is not installed. */
function loadEsbuild(): Promise<Esbuild | undefined> {
  esbuild ??= import('esbuild').then(
    (module) => (module as unknown as { default?: Esbuild }).default ?? (module as unknown as Esbuild),
    () => undefined,
  );
  return esbuild;
}

/**
 * Starts esbuild's service (a process of its own) without waiting for it: `quire dev` calls it as
 * it starts, so that the first page's transform does not wait for the service (0.15 s).
 */
export function startSiteCodeTools(): void {
  void loadEsbuild()
    .then((tool) => tool?.transform('', { loader: 'js' }))
    .catch(() => undefined);
}

/** Makes the options of the site's module loader for one state of a site. */
export type SiteCodeOptionsFor = (root: string, files: Iterable<string>, content?: SiteCodeOptions['content']) => SiteCodeOptions;

/**
 * What the site's module loader (`createSiteCode`) needs from Node, for a site in a folder: its
 * files read from disk, esbuild's transform (TypeScript and JSX to CommonJS) and the islands'
 * browser script (React and the hydration, bundled once per process). esbuild is an optional
 * peer dependency, as React is: without it, the site's own code is not run and its imports are
 * placeholders in the page; the string returned then says so.
 */
export async function loadSiteCodeTools(): Promise<SiteCodeOptionsFor | string> {
  const tool = await loadEsbuild();
  if (!tool) return "the site's own components (MDX snippets, JSX) are shown as placeholders: esbuild is not installed (npm install esbuild)";
  const transform = esbuildTransform(tool);
  return (root, files, content) => ({
    files,
    ...(content ? { content } : {}),
    readText: (file) => readFile(path.join(root, file), 'utf8').catch(() => undefined),
    transform,
    clientRuntime: islandsRuntime,
  });
}

/**
 * The `siteCode` input of the renderer for `site`, or nothing (with a note on `stderr` when a page
 * imports something and esbuild is missing).
 */
export async function siteCodeInput(
  site: { root: string; siteFiles: readonly string[]; content: ReadonlyMap<string, PageFacts> },
  stderr: { write(text: string): unknown },
  command: string,
): Promise<{ siteCode?: SiteCodeOptions }> {
  const tools = await loadSiteCodeTools();
  if (typeof tools !== 'string') return { siteCode: tools(site.root, site.siteFiles, site.content) };
  if ([...site.content.values()].some((facts) => facts.imports.length > 0)) stderr.write(`${command}: ${tools}\n`);
  return {};
}

function esbuildTransform(tool: Esbuild): SiteCodeTransform {
  return async (code, loader, file) => {
    try {
      const result = await tool.transform(code, { loader, format: 'cjs', jsx: 'automatic', sourcefile: file, logLevel: 'silent' });
      return { ok: true, code: result.code };
    } catch (error) {
      const first = (error as EsbuildError).errors?.[0];
      if (!first) return { ok: false, message: error instanceof Error ? error.message : String(error) };
      return { ok: false, message: first.text, ...(first.location ? { line: first.location.line, column: first.location.column + 1 } : {}) };
    }
  };
}

let runtime: Promise<string> | undefined;

/** React, react-dom's client and the islands' hydration, bundled and minified (production React) once per process. */
export function islandsRuntime(): Promise<string> {
  runtime ??= (async () => {
    const tool = await loadEsbuild();
    if (!tool) throw new Error('esbuild is not installed');
    const result = await tool.build({
      // Resolved from Quire's own folder: the React the process renders with.
      stdin: { contents: ISLANDS_CLIENT_ENTRY, resolveDir: path.dirname(fileURLToPath(import.meta.url)), loader: 'js' },
      bundle: true,
      minify: true,
      format: 'iife',
      write: false,
      legalComments: 'none',
      define: { 'process.env.NODE_ENV': '"production"' },
      logLevel: 'silent',
    });
    return (result.outputFiles[0] as { text: string }).text;
  })();
  return runtime;
}
