import { diagnosticAt, inDocumentOrder, type Diagnostic } from '../diagnostics/diagnostic.js';
import { dirname } from '../util/posix-path.js';
import { derivePartialConfig, type OmittedKind, type PartialConfig } from './partial-config.js';
import { resolveRefs, type Mount, type ReadFile } from './refs.js';
import type { DocsConfig } from './schemas/docs-config.js';
import { MAX_JSON_DEPTH, SourceFiles } from './sources.js';
import { validateDocsConfig } from './validate/config.js';
import { Reporter, type Finding } from './validate/report.js';

/** Options of {@link parseDocsJson}. */
export interface ParseDocsJsonOptions {
  /** Name of the file in diagnostics, and the base of relative `$ref`s. Default `docs.json`. */
  file?: string;
  /**
   * Reads a file referenced by `{ "$ref": "./other.json" }`, by its path (joined to the folder of
   * `file`). Return `undefined` when it does not exist. Without it, a `$ref` is a diagnostic.
   */
  readFile?: ReadFile;
  /** Folder that `$ref`s may not leave. Default: the folder of `file`. */
  root?: string;
  /** Report unknown keys outside `navigation` as errors rather than warnings. Default `false`. */
  strict?: boolean;
  /** Largest accepted text, in characters. Default 64 MiB. */
  maxSize?: number;
}

/**
 * Places a JSON pointer of the merged docs.json (after `$ref`s) in the file it comes from, with
 * line and column. `prepare`, when present, is told the pointers about to be placed, so that
 * they are found in one pass over the text rather than by indexing every value of it.
 */
export type Locate = ((pointer: string, at?: 'key' | 'value') => { file: string; pointer: string; line?: number; column?: number }) & {
  prepare?: (pointers: Iterable<string>) => void;
};

/** A part of docs.json that has errors and is left out of {@link ParseDocsJsonResult.partialConfig}. */
export interface OmittedPart {
  /** What it is: a navigation element (`group`, `tab`, ...), a `page` entry, an `entry` of another list, an unknown `key`, or a top-level `setting`. */
  kind: OmittedKind;
  /** The file it is written in (docs.json or a `$ref`ed file). */
  file: string;
  /** Its JSON pointer in `file`. */
  pointer: string;
  /** 1-based line in `file`, when known. */
  line?: number;
  /** 1-based column in `file`, when known. */
  column?: number;
}

/** What {@link parseDocsJson} returns. */
export interface ParseDocsJsonResult {
  /** The configuration, exactly as written (with `$ref`s replaced), or `undefined` when any diagnostic is an error. */
  config: DocsConfig | undefined;
  /**
   * When `config` is `undefined` because of errors: the configuration without the parts that have
   * them (each error removes the smallest part that holds it: an unknown key; in the navigation
   * the element or page entry, else the root's setting; elsewhere the innermost setting or list
   * item), so that later stages can check the rest in the same run. It validates with no error.
   * Absent when the configuration is valid, or when the errors are in the document itself (not
   * an object, a required setting wrong or missing, the navigation root broken) or it cannot be
   * read.
   */
  partialConfig?: DocsConfig;
  /**
   * The parts left out of `partialConfig`, in document order; present with it. Empty when the only
   * errors are duplicate keys, whose last value is kept (as the platform's JSON parser does).
   */
  omitted?: OmittedPart[];
  /** Every problem found, each once, in document order per file. */
  diagnostics: Diagnostic[];
  /** The text of every file read (docs.json and `$ref`ed files), for `formatDiagnostics`. */
  sources: Record<string, string>;
  /**
   * Places a pointer of `config` (of the document as written, with `$ref`s replaced) in its file,
   * with line and column: for later stages (`resolveNavigation`) to report positioned diagnostics
   * about the same document.
   */
  locate: Locate;
  /**
   * `locate` for the pointers of `partialConfig`, whose list items may sit at other indexes than
   * in the file (after a part left out): places each where it is written. Present with it.
   */
  locatePartial?: Locate;
}

const DEFAULT_MAX_SIZE = 64 * 1024 * 1024;

/**
 * Parses and validates a docs.json. Never throws: malformed JSON, wrong types, unknown keys,
 * broken `$ref`s and structural mistakes are all diagnostics with a code, a JSON pointer, the
 * file, line and column, and a hint.
 *
 * @param source the text of the file, or an already parsed value (then diagnostics carry no line
 *   and column for the main file).
 */
export function parseDocsJson(source: unknown, options: ParseDocsJsonOptions = {}): ParseDocsJsonResult {
  const file = options.file ?? 'docs.json';
  const reporter = new Reporter(options.strict ? 'error' : 'warning');
  const sources = new SourceFiles();
  let value: unknown = source;
  if (typeof source === 'string') {
    const maxSize = options.maxSize ?? DEFAULT_MAX_SIZE;
    if (source.length > maxSize) {
      return finish(
        undefined,
        [
          {
            code: 'json/too-large',
            severity: 'error',
            message: `${file} is ${formatSize(source.length)}, over the limit of ${formatSize(maxSize)}.`,
            pointer: '',
            hint: 'Split the configuration with `$ref`, or raise `maxSize`.',
          },
        ],
        file,
        [],
        sources,
      );
    }
    value = sources.add(file, source, reporter);
    if (value === undefined) return finish(undefined, reporter.findings, file, [], sources);
  }
  let mounts: Mount[] = [];
  if (typeof source !== 'string' || source.includes('"$ref"')) {
    const resolved = resolveRefs(value, file, sources, reporter, { readFile: options.readFile, root: options.root ?? dirname(file), maxDepth: MAX_JSON_DEPTH });
    value = resolved.value;
    mounts = resolved.mounts;
  }
  validateDocsConfig(value, reporter);
  if (!reporter.hasErrors) return finish(value as DocsConfig, reporter.findings, file, mounts, sources);
  return finish(undefined, reporter.findings, file, mounts, sources, derivePartialConfig(value, reporter.findings, reporter.unknownKeySeverity));
}

function finish(
  config: DocsConfig | undefined,
  findings: readonly Finding[],
  file: string,
  mounts: readonly Mount[],
  sources: SourceFiles,
  partial?: PartialConfig,
): ParseDocsJsonResult {
  prepare(
    findings
      .filter((finding) => finding.offset === undefined)
      .map((finding) => (finding.file === undefined ? inItsFile(finding.pointer, file, mounts) : { file: finding.file, pointer: finding.pointer })),
    sources,
  );
  const diagnostics = findings.map((finding) => place(finding, file, mounts, sources));
  const locateIn = (original: (pointer: string) => string): Locate => {
    const locate: Locate = (pointer, at = 'value') => {
      const inFile = inItsFile(original(pointer), file, mounts);
      const position = sources.locate(inFile.file, inFile.pointer, at);
      return position ? { ...inFile, line: position.line, column: position.column } : inFile;
    };
    locate.prepare = (pointers) =>
      prepare(
        Array.from(pointers, (pointer) => inItsFile(original(pointer), file, mounts)),
        sources,
      );
    return locate;
  };
  const locate = locateIn((pointer) => pointer);
  const result: ParseDocsJsonResult = { config, diagnostics: inDocumentOrder(diagnostics), sources: sources.texts(), locate };
  if (!partial) return result;
  const omitted = partial.omitted.map(({ kind, pointer }) => ({ kind, ...locate(pointer, kind === 'key' ? 'key' : 'value') }));
  return { ...result, partialConfig: partial.config, omitted, locatePartial: locateIn(partial.originalPointer) };
}

/** Turns a finding into a diagnostic in the file it is in, with line and column from that file's text. */
function place(finding: Finding, mainFile: string, mounts: readonly Mount[], sources: SourceFiles): Diagnostic {
  const { file, pointer } = finding.file === undefined ? inItsFile(finding.pointer, mainFile, mounts) : { file: finding.file, pointer: finding.pointer };
  const position = finding.offset === undefined ? sources.locate(file, pointer, finding.at) : sources.position(file, finding.offset);
  return diagnosticAt(finding, file, pointer, position);
}

/** Finds the places of these pointers, one pass over each file they are in (see `SourceFiles.prepare`). */
function prepare(places: ReadonlyArray<{ file: string; pointer: string }>, sources: SourceFiles): void {
  const byFile = new Map<string, string[]>();
  for (const { file, pointer } of places) {
    const list = byFile.get(file);
    if (list) list.push(pointer);
    else byFile.set(file, [pointer]);
  }
  for (const [file, pointers] of byFile) sources.prepare(file, pointers);
}

/** The file a pointer of the merged docs.json is written in, and its pointer there. */
function inItsFile(pointer: string, mainFile: string, mounts: readonly Mount[]): { file: string; pointer: string } {
  const mount = mountOf(pointer, mounts);
  return mount ? { file: mount.file, pointer: mount.filePointer + pointer.slice(mount.pointer.length) } : { file: mainFile, pointer };
}

/** The innermost mount that holds `pointer`. */
function mountOf(pointer: string, mounts: readonly Mount[]): Mount | undefined {
  let best: Mount | undefined;
  for (const mount of mounts) {
    const inside = pointer === mount.pointer || pointer.startsWith(`${mount.pointer}/`) || mount.pointer === '';
    if (inside && (!best || mount.pointer.length >= best.pointer.length)) best = mount;
  }
  return best;
}

function formatSize(characters: number): string {
  return characters >= 1024 * 1024 ? `${(characters / 1024 / 1024).toFixed(1)} MiB` : `${Math.ceil(characters / 1024)} KiB`;
}
