import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { OmittedPart } from '../config/parse-docs-json.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { MissingPagesSummary } from '../navigation/types.js';
import type { SiteSummary } from '../site/types.js';
import { cacheDirFor, CONTENT_KEY_SALT } from './content-cache.js';
import { hashContent, type InputRecord } from './input-record.js';
import { discoverOpenApiFiles, openSite, type LoadSiteOptions } from './load-site.js';
import { loadIgnoredFiles } from './ignore-files.js';
import { decodeUtf8 } from '../util/utf8.js';
import { isDirectory } from './paths.js';
import { walkSiteFiles } from './site-files.js';

/** What `quire validate` prints of a site: its diagnostics and counts, without the site itself. */
export interface SiteReport {
  /** Absolute path of docs.json. */
  docsJson: string;
  diagnostics: Diagnostic[];
  sources: Record<string, string>;
  summary: SiteSummary;
  missingPages: MissingPagesSummary[];
  omitted: OmittedPart[] | undefined;
  /** Page paths the navigation lists, when it was read. */
  pages: number | undefined;
  /** Page files of the site. */
  files: number;
  /** Whether there was a configuration (whole or partial) to check the site with. */
  checked: boolean;
}

/**
 * The report as kept in the cache folder, with what it was compiled from. The texts the
 * diagnostics quote (`report.sources`) are files of the site the record holds the hashes of: they
 * are kept as the hash of each text and read again from the files when the report is reused (on
 * firecrawl-docs, 3.3 MB of a 4.3 MB report; writing them made the first run's peak memory higher).
 */
interface StoredReport {
  format: typeof FORMAT;
  key: string;
  inputs: InputRecord;
  report: Omit<SiteReport, 'sources'>;
  /** The length and hash of each text of `report.sources`, by file name. */
  sources: Record<string, [length: number, hash: string]>;
}

const FORMAT = 'quire-site-report-2';
const FILE = 'report.json';

/**
 * The report of the site in `target` (see `loadSite`), and whether it is the one kept from the
 * last run. A run that changed nothing prints what the last one printed: when the options are the
 * same, the site's files are the same list, every file the last compilation read has the same
 * content and the repository's OpenAPI files are the same, the report kept in the cache folder is
 * the report. firecrawl-docs (5,528 pages): 8.6 s warm without it, 0.6 s with it. Anything else
 * (a change, a document fetched over the network, a file that could not be read, no cache)
 * compiles the site, and keeps the new report when it can.
 */
export async function reportSite(target: string, options: LoadSiteOptions = {}): Promise<{ report: SiteReport; reused: boolean }> {
  const cwd = options.cwd ?? process.cwd();
  const absolute = path.resolve(cwd, target);
  const root = isDirectory(absolute) ? absolute : path.dirname(absolute);
  const dir = reportDir(root, cwd, options);
  const key = dir === undefined ? undefined : reportKey(root, absolute, cwd, options);
  if (dir !== undefined && key !== undefined) {
    const kept = await keptReport(dir, key, root, options);
    if (kept) return { report: kept, reused: true };
  }
  const keeps = dir !== undefined && key !== undefined;
  // Only a report that is kept needs to know what it was compiled from.
  const { report, inputs } = await compileReport(target, keeps ? { ...options, recordInputs: true } : options);
  if (keeps && inputs) await keepReport(dir, { format: FORMAT, key, inputs, report: withoutSources(report), sources: sourceHashes(report.sources) });
  return { report, reused: false };
}

/**
 * Compiles the site and keeps only its report: the site is let go before the report is written,
 * so that writing it does not add to the compile's peak memory.
 */
async function compileReport(
  target: string,
  options: LoadSiteOptions & { recordInputs?: boolean },
): Promise<{ report: SiteReport; inputs: InputRecord | undefined }> {
  const { site, inputs } = await openSite(target, options);
  const report: SiteReport = {
    docsJson: site.docsJson,
    diagnostics: site.diagnostics,
    sources: site.sources,
    summary: site.summary,
    missingPages: site.missingPages,
    omitted: site.omitted,
    pages: site.pages?.byPath.size,
    files: site.files.length,
    checked: (site.config ?? site.partialConfig) !== undefined,
  };
  return { report, inputs };
}

/** The folder the report is kept in, as the content cache's (see `contentCacheFor`); `undefined` when there is no cache. */
function reportDir(root: string, cwd: string, options: LoadSiteOptions): string | undefined {
  // Without the content, pages are read up to their frontmatter: quick, and not what a record hashes.
  return options.content === false ? undefined : cacheDirFor(root, cwd, options);
}

/** Everything besides the files that the report depends on: Quire's build, the options, where file names start from. */
function reportKey(root: string, target: string, cwd: string, options: LoadSiteOptions): string {
  const settings = {
    salt: CONTENT_KEY_SALT,
    root,
    target,
    cwd,
    strict: options.strict ?? false,
    defaultDrilldown: options.defaultDrilldown ?? null,
    openapi: options.openapi !== false,
    offline: options.offline ?? false,
    rules: options.rules ?? {},
    ignore: options.ignore ?? [],
    text: options.text !== false,
    maxPageBytes: options.maxPageBytes ?? null,
  };
  return createHash('sha256').update(JSON.stringify(settings)).digest('base64url');
}

/** The kept report, when it was made with `key` from the files as they are now. */
async function keptReport(dir: string, key: string, root: string, options: LoadSiteOptions): Promise<SiteReport | undefined> {
  let stored: StoredReport;
  try {
    stored = JSON.parse(await readFile(path.join(dir, FILE), 'utf8')) as StoredReport;
  } catch {
    return undefined;
  }
  if (stored?.format !== FORMAT || stored.key !== key || !stored.inputs || !stored.report || !stored.sources) return undefined;
  const walk = await walkSiteFiles(root);
  if (walk.diagnostics.length > 0 || !sameList([...walk.files].sort(), stored.inputs.files)) return undefined;
  for (const [file, hash] of Object.entries(stored.inputs.hashes)) if (currentHash(path.join(root, file), /\.mdx?$/i.test(file)) !== hash) return undefined;
  if (stored.inputs.openApiFiles) {
    const found = await discoverOpenApiFiles(root, await loadIgnoredFiles(root, options.ignore));
    if (!sameList(found, stored.inputs.openApiFiles)) return undefined;
  }
  const sources = readSources(stored.sources, options.cwd ?? process.cwd());
  return sources && { ...stored.report, sources };
}

function withoutSources(report: SiteReport): Omit<SiteReport, 'sources'> {
  const { sources: _, ...rest } = report;
  return rest;
}

function sourceHashes(sources: Record<string, string>): StoredReport['sources'] {
  return Object.fromEntries(Object.entries(sources).map(([name, text]) => [name, [text.length, hashContent(text) as string]]));
}

/**
 * The texts the report's diagnostics quote, read again from their files (names are relative to
 * `cwd`, which the report's key holds), or `undefined` when one is not what was quoted. A page's
 * text is its bytes decoded as the compiler decodes them (a byte order mark dropped), any other
 * file's as Node reads UTF-8, and a text may be the start of its file (a page's frontmatter block,
 * which its diagnostics quote): whichever gives the hash kept.
 */
function readSources(kept: StoredReport['sources'], cwd: string): Record<string, string> | undefined {
  const sources: Record<string, string> = {};
  for (const [name, [length, hash]] of Object.entries(kept)) {
    let bytes: Buffer;
    try {
      bytes = readFileSync(path.resolve(cwd, name));
    } catch {
      return undefined;
    }
    const text = [decodeUtf8(bytes), bytes.toString('utf8')].map((whole) => whole.slice(0, length)).find((candidate) => hashContent(candidate) === hash);
    if (text === undefined) return undefined;
    sources[name] = text;
  }
  return sources;
}

/** The hash of a file as the site reader gives it to the compiler: a page's bytes, any other file as UTF-8 text. */
function currentHash(file: string, page: boolean): string | undefined {
  try {
    const bytes = readFileSync(file);
    return hashContent(page ? bytes : bytes.toString('utf8'));
  } catch {
    return undefined;
  }
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((item, index) => item === b[index]);
}

/** Writes the report under a temporary name and renames it into place; a cache that cannot be written is no error. */
async function keepReport(dir: string, stored: StoredReport): Promise<void> {
  const temporary = path.join(dir, `.${FILE}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    await mkdir(dir, { recursive: true });
    await writeFile(temporary, JSON.stringify(stored));
    await rename(temporary, path.join(dir, FILE));
  } catch {
    await rm(temporary, { force: true }).catch(() => undefined);
  }
}
