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

/** The report as kept in the cache folder, with what it was compiled from. */
interface StoredReport {
  format: typeof FORMAT;
  key: string;
  inputs: InputRecord;
  report: SiteReport;
}

const FORMAT = 'quire-site-report-1';
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
  const opened = await openSite(target, keeps ? { ...options, recordInputs: true } : options);
  const { site } = opened;
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
  if (keeps && opened.inputs) await keepReport(dir, { format: FORMAT, key, inputs: opened.inputs, report });
  return { report, reused: false };
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
  if (stored?.format !== FORMAT || stored.key !== key || !stored.inputs || !stored.report) return undefined;
  const walk = await walkSiteFiles(root);
  if (walk.diagnostics.length > 0 || !sameList([...walk.files].sort(), stored.inputs.files)) return undefined;
  for (const [file, hash] of Object.entries(stored.inputs.hashes)) if (currentHash(path.join(root, file), /\.mdx?$/i.test(file)) !== hash) return undefined;
  if (stored.inputs.openApiFiles) {
    const found = await discoverOpenApiFiles(root, await loadIgnoredFiles(root, options.ignore));
    if (!sameList(found, stored.inputs.openApiFiles)) return undefined;
  }
  return stored.report;
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
