import { lstat, readFile, realpath } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { hasErrors, type Diagnostic } from '../diagnostics/diagnostic.js';
import { planOpenApiFiles, type OpenApiNavigationGroup } from '../openapi-mdx/plan-openapi-files.js';
import type { CodeSampleOptions } from '../openapi/code-samples.js';
import { loadOpenApi } from '../openapi/load-openapi.js';
import { readOpenApiSource } from './read-spec.js';
import { writeFilesAtomically, WriteFilesError, type AtomicFs } from './write-files.js';
import { toPosix } from './paths.js';
import { append } from '../util/arrays.js';

/** Options of {@link generateOpenApiFiles}. */
export interface GenerateOpenApiFilesOptions {
  /** Folder that relative paths are relative to. */
  cwd: string;
  /** Folder of the pages, relative to `cwd` or absolute. Default `cwd`. */
  output?: string;
  /** Replace pages that exist and differ; by default they are kept. */
  overwrite?: boolean;
  /** `version` written into every page. */
  version?: string;
  /**
   * A vendor extension read for page settings besides `x-quire` and `x-mint` (always read, in
   * that order), and before them. Naming one of those two only puts it first.
   */
  extension?: string;
  /** Write request samples into the pages (`<RequestExample>`), with these settings; none by default. */
  codeSamples?: CodeSampleOptions;
  /** Time allowed for a URL, in milliseconds. */
  timeoutMs?: number;
  /** Called as the work advances, for a progress line. */
  onProgress?: (label: string, done?: number, total?: number) => void;
  /** File system for the writes (tests make it fail). */
  fs?: AtomicFs;
}

/** What became of one page's file. */
export type OpenApiFileStatus = 'written' | 'overwritten' | 'unchanged' | 'kept';

/** One page of {@link GenerateOpenApiFilesResult}. */
export interface GeneratedOpenApiFile {
  /** Absolute path of the file. */
  file: string;
  /** Page path in docs.json. */
  page: string;
  /** `GET /users`, `webhook user.created`. */
  openapi: string;
  status: OpenApiFileStatus;
}

/** What {@link generateOpenApiFiles} did. */
export interface GenerateOpenApiFilesResult {
  /** The description as diagnostics name it: the URL, or its path relative to `cwd`. */
  spec: string;
  /** Absolute path of the folder of the pages. */
  folder: string;
  /** The site folder page paths start from: the nearest folder holding docs.json, else `cwd`. */
  root: string;
  /** Whether `root` holds a docs.json. */
  rootHasDocsJson: boolean;
  /** Text of each file the diagnostics name, for code frames. */
  sources: Record<string, string>;
  /** Problems; with an error, nothing was written. */
  diagnostics: Diagnostic[];
  /** Every page, in document order; empty when nothing was written because of an error. */
  files: GeneratedOpenApiFile[];
  /** The groups to add to docs.json, when the description could be read. */
  navigation?: { groups: OpenApiNavigationGroup[] };
}

/**
 * `quire openapi-file`: reads a description (file or URL), plans one MDX page per operation and
 * webhook, and writes them all or none. Pages that exist and differ are kept unless `overwrite`.
 * Never throws for problems in the input or on disk: they are diagnostics.
 */
export async function generateOpenApiFiles(spec: string, options: GenerateOpenApiFilesOptions): Promise<GenerateOpenApiFilesResult> {
  const progress = options.onProgress ?? (() => {});
  const folder = path.resolve(options.cwd, options.output ?? '.');
  const { root, hasDocsJson } = siteRoot(folder, options.cwd);
  const isUrl = /^https?:\/\//i.test(spec);
  const absolute = isUrl ? undefined : path.resolve(options.cwd, spec);
  const display = absolute === undefined ? spec : shown(options.cwd, absolute);
  const result: GenerateOpenApiFilesResult = { spec: display, folder, root, rootHasDocsJson: hasDocsJson, sources: {}, diagnostics: [], files: [] };

  progress(isUrl ? `Fetching ${spec}` : `Reading ${display}`);
  const read =
    absolute === undefined
      ? await readOpenApiSource(spec, { ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}) })
      : await readOpenApiSource(absolute, { root: path.parse(absolute).root });
  if (read.text === undefined) {
    // Named as the user typed it, not by the absolute path it was read from.
    result.diagnostics = read.diagnostics.map((diagnostic) =>
      absolute === undefined
        ? diagnostic
        : {
            ...diagnostic,
            file: display,
            message: diagnostic.message.split(absolute).join(display),
            ...(diagnostic.code === 'openapi/not-found' ? { hint: 'Check the path: it is relative to the current folder.' } : {}),
          },
    );
    return result;
  }
  result.sources[display] = read.text;
  progress(`Checking ${display}`);
  const loaded = loadOpenApi(read.text, { file: display });
  append(result.diagnostics, loaded.diagnostics);
  if (!loaded.document || hasErrors(loaded.diagnostics)) return result;

  const source = absolute === undefined ? spec : inside(root, absolute) ? toPosix(path.relative(root, absolute)) : undefined;
  // Pages whose `openapi:` frontmatter names a description the site does not hold fail
  // validation, one error per page: refuse before writing any.
  if (source === undefined) {
    result.diagnostics.push(outsideSite(display, shown(options.cwd, root)));
    return result;
  }
  const plan = planOpenApiFiles(loaded.document, {
    directory: toPosix(path.relative(root, folder)),
    ...(options.extension !== undefined ? { extension: options.extension } : {}),
    ...(options.version !== undefined ? { version: options.version } : {}),
    ...(options.codeSamples !== undefined ? { codeSamples: options.codeSamples } : {}),
    ...(source !== undefined ? { source } : {}),
    onProgress: (done, total) => progress('Generating pages', done, total),
  });
  append(result.diagnostics, plan.diagnostics);
  if (hasErrors(plan.diagnostics)) return result;
  result.navigation = plan.navigation;

  const planned = plan.files.map((file) => ({ file: path.join(folder, file.path), page: file.page, openapi: file.openapi, content: file.content }));
  const statuses = await existingStatuses(planned, folder, options, progress);
  if (statuses.diagnostics.length) {
    append(result.diagnostics, statuses.diagnostics);
    return result;
  }
  const changes = planned.filter((_file, index) => statuses.list[index] === 'written' || statuses.list[index] === 'overwritten');
  if (changes.length) {
    progress(`Writing ${changes.length.toLocaleString('en-US')} files`);
    try {
      await writeFilesAtomically(
        changes.map((file) => ({ kind: 'write', path: file.file, content: file.content })),
        options.fs ? { fs: options.fs } : {},
      );
    } catch (error) {
      if (!(error instanceof WriteFilesError)) throw error;
      result.diagnostics.push(writeFailed(error, options.cwd));
      return result;
    }
  }
  result.files = planned.map((file, index) => ({ file: file.file, page: file.page, openapi: file.openapi, status: statuses.list[index] as OpenApiFileStatus }));
  return result;
}

/** The nearest folder at or above `folder` that holds docs.json; else `cwd` when it holds `folder`, else `folder`. */
function siteRoot(folder: string, cwd: string): { root: string; hasDocsJson: boolean } {
  for (let current = folder; ; current = path.dirname(current)) {
    if (existsSync(path.join(current, 'docs.json'))) return { root: current, hasDocsJson: true };
    if (path.dirname(current) === current) break;
  }
  const base = path.resolve(cwd);
  return { root: folder === base || inside(base, folder) ? base : folder, hasDocsJson: false };
}

interface Planned {
  file: string;
  page: string;
  content: string;
}

/**
 * What to do with each file: write it (new), keep or overwrite it (exists and differs), or
 * nothing (already the same). A folder in the way, or a folder that is a link out of the
 * output folder, is an error.
 */
async function existingStatuses(
  planned: readonly Planned[],
  folder: string,
  options: GenerateOpenApiFilesOptions,
  progress: (label: string, done?: number, total?: number) => void,
): Promise<{ list: OpenApiFileStatus[]; diagnostics: Diagnostic[] }> {
  // A folder that does not exist holds no page and no link: every page is new.
  if ((await lstat(folder).catch((error: NodeJS.ErrnoException) => error.code)) === 'ENOENT') return { list: planned.map(() => 'written'), diagnostics: [] };
  const escapes = linkEscapeCheck(folder);
  const outcomes: Array<{ status: OpenApiFileStatus; diagnostic?: Diagnostic }> = [];
  let next = 0;
  let done = 0;
  // A few files at a time: on a second run every page is read back to compare.
  const worker = async (): Promise<void> => {
    while (next < planned.length) {
      const index = next++;
      outcomes[index] = await existingStatus(planned[index] as Planned, folder, escapes, options);
      progress('Checking existing files', ++done, planned.length);
    }
  };
  await Promise.all(Array.from({ length: Math.min(16, planned.length) }, worker));
  return { list: outcomes.map((outcome) => outcome.status), diagnostics: outcomes.flatMap((outcome) => outcome.diagnostic ?? []) };
}

async function existingStatus(
  file: Planned,
  folder: string,
  escapes: (folder: string) => Promise<string | undefined>,
  options: GenerateOpenApiFilesOptions,
): Promise<{ status: OpenApiFileStatus; diagnostic?: Diagnostic }> {
  const link = await escapes(path.dirname(file.file));
  if (link !== undefined) {
    return {
      status: 'kept',
      diagnostic: {
        code: 'openapi-file/link-outside-folder',
        severity: 'error',
        message: `${shown(options.cwd, link)} is a link to a folder outside ${shown(options.cwd, folder)}, so ${path.basename(file.file)} is not written through it.`,
        file: shown(options.cwd, file.file),
        pointer: '',
        hint: 'Replace the link with a folder, or write the pages to another folder.',
      },
    };
  }
  // A file that cannot even be looked at is written; if that fails too, the write says why.
  const info = await lstat(file.file).catch(() => undefined);
  if (info === undefined) return { status: 'written' };
  if (info.isDirectory()) {
    return {
      status: 'kept',
      diagnostic: {
        code: 'openapi-file/not-a-file',
        severity: 'error',
        message: `${shown(options.cwd, file.file)} is a folder, so the page of ${file.page} cannot be written there.`,
        file: shown(options.cwd, file.file),
        pointer: '',
        hint: 'Rename or remove the folder, or write the pages to another folder.',
      },
    };
  }
  if ((await readFile(file.file, 'utf8').catch(() => undefined)) === file.content) return { status: 'unchanged' };
  return { status: options.overwrite ? 'overwritten' : 'kept' };
}

/**
 * For a folder to write into, the link on its way that leads out of `root` (a symbolic link to
 * a folder elsewhere), or `undefined`. Folders that do not exist yet are created inside.
 */
function linkEscapeCheck(root: string): (folder: string) => Promise<string | undefined> {
  const cache = new Map<string, Promise<string | undefined>>();
  let realRoot: Promise<string | undefined> | undefined;
  const check = (folder: string): Promise<string | undefined> => {
    const cached = cache.get(folder);
    if (cached) return cached;
    const answer = (async () => {
      if (folder === root || !inside(root, folder)) return undefined;
      const parent = await check(path.dirname(folder));
      if (parent !== undefined) return parent;
      const real = await realpath(folder).catch(() => undefined);
      if (real === undefined) return undefined;
      realRoot ??= realpath(root).catch(() => undefined);
      const base = await realRoot;
      return base === undefined || real === base || inside(base, real) ? undefined : folder;
    })();
    cache.set(folder, answer);
    return answer;
  };
  return check;
}

function outsideSite(spec: string, root: string): Diagnostic {
  return {
    code: 'openapi-file/spec-outside-site',
    severity: 'error',
    message: `${spec} is outside the site folder ${root}: the pages written from it would fail validation (their \`openapi\` frontmatter needs a description of the site), so nothing was written.`,
    file: spec,
    pointer: '',
    hint: 'Copy the description into the site folder and run the command on that copy.',
  };
}

function writeFailed(error: WriteFilesError, cwd: string): Diagnostic {
  const cause = error.cause instanceof Error ? error.cause.message : String(error.cause);
  const outcome = error.rolledBack
    ? 'Nothing was changed.'
    : `Some files could not be put back: ${error.leftovers.map((file) => shown(cwd, file)).join(', ')}.`;
  return {
    code: 'openapi-file/write-failed',
    severity: 'error',
    message: `The file cannot be written (${cause}). ${outcome}`,
    file: shown(cwd, error.file),
    pointer: '',
    hint: 'Check that the folder is writable and the disk has room, then run the command again.',
  };
}

/** `target` relative to `cwd` when that is shorter to read, else absolute; always with `/`. */
function shown(cwd: string, target: string): string {
  const relative = path.relative(path.resolve(cwd), target);
  if (relative === '') return '.';
  return toPosix(path.isAbsolute(relative) || relative.startsWith(`..${path.sep}..`) ? target : relative);
}

function inside(root: string, target: string): boolean {
  const relative = path.relative(root, target);
  return relative !== '' && relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative);
}
