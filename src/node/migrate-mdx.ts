import { readFileSync } from 'node:fs';
import { readFile, rmdir } from 'node:fs/promises';
import path from 'node:path';
import { parseDocsJson } from '../config/parse-docs-json.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { parseFrontmatter, type PageFrontmatter } from '../frontmatter/frontmatter.js';
import { migrateMdx } from '../migrate/migrate-mdx.js';
import type { MigrationPlan } from '../migrate/types.js';
import { classifyEntry, filePagePath } from '../navigation/classify.js';
import { resolveNavigation } from '../navigation/resolve.js';
import type { PageNode } from '../navigation/types.js';
import { discoverOpenApiFiles, mapLimit } from './load-site.js';
import { readFrontmatterBlock } from './read-frontmatter.js';
import { readOpenApiSource } from './read-spec.js';
import { writeFilesAtomically, type AtomicFs, type FileChange, type WriteFilesResult } from './write-files.js';
import { isDirectory, toPosix } from './paths.js';
import { listPageFiles } from './list-page-files.js';
import { append } from '../util/arrays.js';

/** Options of {@link planMdxMigration}. */
export interface PlanMdxMigrationOptions {
  /** Folder that file names in `diagnostics` are relative to. Default `process.cwd()`. */
  cwd?: string;
  /**
   * The vendor extension the page settings are written in, in every document. By default each
   * document gets the one it already uses (`x-mint` before `x-quire`), else `x-quire`.
   */
  extension?: string;
  /** Time allowed for an OpenAPI document given by URL, in milliseconds. Default 15 s. */
  openapiTimeoutMs?: number;
  /** Called as work advances: page frontmatter read, then OpenAPI documents read. */
  onProgress?: (stage: 'pages' | 'openapi', done: number, total: number) => void;
}

/** A planned migration of a site on disk. */
export interface MdxMigration {
  /** Absolute path of the site folder (the folder of docs.json); the plan's file names are relative to it. */
  root: string;
  /** Absolute path of docs.json. */
  docsJson: string;
  plan: MigrationPlan;
  /** The plan's diagnostics with file names relative to `cwd`, and reading problems (a missing docs.json, an unreadable document). */
  diagnostics: Diagnostic[];
  /** Text of the files the diagnostics refer to, for `formatDiagnostics`. */
  sources: Record<string, string>;
}

/**
 * Reads a site for `migrateMdx`: docs.json and the files its `$ref`s include, every page whose
 * frontmatter has `openapi` (only the frontmatter of the others is read), and the OpenAPI
 * documents those pages can refer to (repository files or URLs); then plans the migration.
 * Changes nothing: {@link applyMdxMigration} does. Never throws for problems in the site.
 */
export async function planMdxMigration(target: string, options: PlanMdxMigrationOptions = {}): Promise<MdxMigration> {
  const cwd = options.cwd ?? process.cwd();
  const absolute = path.resolve(cwd, target);
  const docsJson = isDirectory(absolute) ? path.join(absolute, 'docs.json') : absolute;
  const root = path.dirname(docsJson);
  const docsJsonFile = path.basename(docsJson);
  const relativeToCwd = (file: string) =>
    /^[a-z][a-z0-9+.-]*:/i.test(file) && !/^[a-z]:[\\/]/i.test(file) ? file : toPosix(path.relative(cwd, path.join(root, file))) || file;
  let text: string;
  try {
    text = await readFile(docsJson, 'utf8');
  } catch (error) {
    const name = relativeToCwd(docsJsonFile);
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'does not exist' : `cannot be read (${(error as Error).message})`;
    const diagnostic: Diagnostic = {
      code: 'config/not-found',
      severity: 'error',
      message: `${name} ${reason}.`,
      file: name,
      pointer: '',
      hint: 'Run the command in the folder that holds docs.json, or pass that folder.',
    };
    return {
      root,
      docsJson,
      plan: { changes: [], moved: [], extensions: [], kept: [], diagnostics: [diagnostic], blocked: true },
      diagnostics: [diagnostic],
      sources: {},
    };
  }
  const readReferenced = (file: string): string | undefined => {
    try {
      return readFileSync(path.join(root, file), 'utf8');
    } catch {
      return undefined;
    }
  };

  const { files, pages } = await readEndpointPageFiles(root, options.onProgress);
  const frontmatter = new Map<string, PageFrontmatter>();
  for (const [file, page] of pages) {
    const data = parseFrontmatter(page, file).data;
    if (data) frontmatter.set(filePagePath(file), data);
  }
  const { sources: specSources, discover } = documentSources(text, docsJsonFile, readReferenced, frontmatter);
  if (discover) for (const source of await discoverOpenApiFiles(root)) if (!specSources.includes(source)) specSources.push(source);
  let read = 0;
  const reads = await mapLimit(specSources, 8, async (source) => {
    const result = await readOpenApiSource(source, { root, ...(options.openapiTimeoutMs === undefined ? {} : { timeoutMs: options.openapiTimeoutMs }) });
    options.onProgress?.('openapi', ++read, specSources.length);
    return result;
  });
  const specs = new Map<string, string>();
  const readingProblems: Diagnostic[] = [];
  specSources.forEach((source, index) => {
    const result = reads[index];
    if (result?.text !== undefined) specs.set(source, result.text);
    else append(readingProblems, result?.diagnostics ?? []);
  });

  const plan = migrateMdx(
    { docsJson: text, docsJsonFile, readFile: readReferenced, pages, files, specs },
    options.extension === undefined ? {} : { extension: options.extension },
  );
  // A document that could not be read matters only when a page needed it.
  const needed = new Set(
    plan.diagnostics
      .filter((diagnostic) => diagnostic.code === 'migrate/document-unavailable')
      .flatMap((diagnostic) => specSources.filter((source) => diagnostic.message.includes(source))),
  );
  const texts = new Map<string, string>([[docsJsonFile, text], ...pages, ...specs]);
  const diagnostics: Diagnostic[] = [];
  const sources: Record<string, string> = {};
  for (const diagnostic of [...readingProblems.filter((problem) => needed.has(problem.file)), ...plan.diagnostics]) {
    const name = relativeToCwd(diagnostic.file);
    const source = texts.get(diagnostic.file) ?? readReferenced(diagnostic.file);
    if (source !== undefined) sources[name] = source;
    diagnostics.push({ ...diagnostic, file: name });
  }
  return { root, docsJson, plan, diagnostics, sources };
}

/** Options of {@link applyMdxMigration}. */
export interface ApplyMdxMigrationOptions {
  /** File system calls, for tests. Default `node:fs/promises`. */
  fs?: AtomicFs;
}

/**
 * Applies a planned migration: all files are written and deleted, or none (see
 * `writeFilesAtomically`); folders left empty by the deleted pages are removed. Refuses,
 * changing nothing, when a file changed since it was read.
 */
export async function applyMdxMigration(migration: MdxMigration, options: ApplyMdxMigrationOptions = {}): Promise<WriteFilesResult> {
  const changes: FileChange[] = [];
  for (const change of migration.plan.changes) {
    const file = path.join(migration.root, change.file);
    const current = await readFile(file, 'utf8').catch(() => undefined);
    if (current !== change.previous) throw new Error(`${file} changed since the migration was planned; nothing was changed. Run the migration again.`);
    changes.push(change.kind === 'write' ? { kind: 'write', path: file, content: change.content } : { kind: 'delete', path: file });
  }
  const result = await writeFilesAtomically(changes, options.fs ? { fs: options.fs } : {});
  // Folders the moved pages leave empty go too (never the site folder, never one with anything left).
  for (const file of result.deleted) {
    for (let folder = path.dirname(file); folder !== migration.root && folder.startsWith(migration.root + path.sep); folder = path.dirname(folder)) {
      if (
        !(await rmdir(folder).then(
          () => true,
          () => false,
        ))
      )
        break;
    }
  }
  return result;
}

/** Every page file of the site, and the full text of those whose frontmatter has `openapi`, by path in the site folder. */
async function readEndpointPageFiles(
  root: string,
  onProgress: PlanMdxMigrationOptions['onProgress'],
): Promise<{ files: string[]; pages: Map<string, string> }> {
  const files = await listPageFiles(root);
  let done = 0;
  const texts = await mapLimit(files, 64, async (file) => {
    const block = await readFrontmatterBlock(path.join(root, file)).catch(() => '');
    onProgress?.('pages', ++done, files.length);
    return /^openapi[ \t]*:/m.test(block) ? readFile(path.join(root, file), 'utf8').catch(() => undefined) : undefined;
  });
  const pages = new Map<string, string>();
  files.forEach((file, index) => {
    const text = texts[index];
    if (text !== undefined) pages.set(file, text);
  });
  return { files, pages };
}

/**
 * The OpenAPI documents the endpoint pages can refer to: those in effect where they are listed,
 * those they name (relative to their folder); `discover` when a page names none and has none in
 * effect, or names one that is not a file: then the repository's OpenAPI files are candidates too.
 */
function documentSources(
  text: string,
  file: string,
  readReferenced: (file: string) => string | undefined,
  frontmatter: ReadonlyMap<string, PageFrontmatter>,
): { sources: string[]; discover: boolean } {
  const parsed = parseDocsJson(text, { file, readFile: readReferenced });
  if (!parsed.config || frontmatter.size === 0) return { sources: [], discover: false };
  const { pages } = resolveNavigation(parsed.config, { frontmatter });
  const sources = new Set<string>();
  let discover = false;
  const entries = new Map<string, PageNode[]>();
  for (const node of pages.list) entries.set(node.path, [...(entries.get(node.path) ?? []), node]);
  for (const [page, data] of frontmatter) {
    const reference = typeof data.openapi === 'string' ? classifyEntry(data.openapi) : undefined;
    if (!reference || (reference.kind !== 'endpoint' && reference.kind !== 'webhook')) continue;
    const listed = [...(entries.get(page) ?? []), ...(page.endsWith('/index') ? (entries.get(page.slice(0, -'/index'.length)) ?? []) : [])];
    for (const node of listed) {
      for (const source of node.openapi) sources.add(source.source);
      if (node.openapi.length === 0 && reference.spec === undefined) discover = true;
    }
    // A named document is found among the repository's OpenAPI files, from the root or by file
    // name (never relative to the page), as `loadSite` finds it.
    if (reference.spec !== undefined && !/^[a-z][a-z0-9+.-]*:/i.test(reference.spec)) discover = true;
  }
  return { sources: [...sources], discover };
}
