import { joinPointer, getAtPointer } from '../json/pointer.js';
import { resolveInside } from '../util/posix-path.js';
import type { SourceFiles } from './sources.js';
import type { Finding, Reporter } from './validate/report.js';

/** Reads a file of the project by path; `undefined` (or a throw) means it does not exist. */
export type ReadFile = (path: string) => string | undefined;

/** Where a part of the merged document came from: the value at `pointer` is `filePointer` of `file`. */
export interface Mount {
  pointer: string;
  file: string;
  filePointer: string;
}

export interface RefOptions {
  readFile: ReadFile | undefined;
  /** Folder that `$ref`s may not leave. */
  root: string;
  maxDepth: number;
}

/**
 * Replaces every `{ "$ref": "./other.json" }` object with the referenced file's content (or the
 * part a `#/pointer` fragment names), recursively. The input is not modified: objects on the way
 * to a replaced reference are copied.
 */
export function resolveRefs(value: unknown, file: string, sources: SourceFiles, reporter: Reporter, options: RefOptions): { value: unknown; mounts: Mount[] } {
  const resolver = new RefResolver(sources, reporter, options);
  const resolved = resolver.resolve(value, '', file, '', [`${file}#`], 0);
  return { value: resolved, mounts: resolver.mounts };
}

class RefResolver {
  readonly mounts: Mount[] = [];

  constructor(
    private readonly sources: SourceFiles,
    private readonly reporter: Reporter,
    private readonly options: RefOptions,
  ) {}

  resolve(value: unknown, pointer: string, file: string, filePointer: string, chain: readonly string[], depth: number): unknown {
    if (value === null || typeof value !== 'object') return value;
    if (depth > this.options.maxDepth) {
      this.report(file, filePointer, {
        code: 'json/too-deep',
        severity: 'error',
        message: `The document is nested more than ${this.options.maxDepth} levels deep.`,
        hint: 'No docs.json needs this depth.',
      });
      return value;
    }
    if (Array.isArray(value)) {
      let copy: unknown[] | undefined;
      for (let index = 0; index < value.length; index++) {
        const item: unknown = value[index];
        const next = this.resolve(item, joinPointer(pointer, index), file, joinPointer(filePointer, index), chain, depth + 1);
        if (next !== item) (copy ??= value.slice())[index] = next;
      }
      return copy ?? value;
    }
    const record = value as Record<string, unknown>;
    if (typeof record.$ref === 'string') return this.replace(record, pointer, file, filePointer, chain, depth);
    let copy: Record<string, unknown> | undefined;
    for (const key of Object.keys(record)) {
      const item = record[key];
      const next = this.resolve(item, joinPointer(pointer, key), file, joinPointer(filePointer, key), chain, depth + 1);
      // defineProperty, not assignment: a key named `__proto__` must stay a key.
      if (next !== item) Object.defineProperty((copy ??= { ...record }), key, { value: next, enumerable: true, writable: true, configurable: true });
    }
    return copy ?? value;
  }

  private replace(record: Record<string, unknown>, pointer: string, file: string, filePointer: string, chain: readonly string[], depth: number): unknown {
    const reference = record.$ref as string;
    const refPointer = joinPointer(filePointer, '$ref');
    const siblings = Object.keys(record).filter((key) => key !== '$ref');
    if (siblings.length > 0) {
      this.report(file, joinPointer(filePointer, siblings[0] as string), {
        code: 'config/ref-siblings',
        severity: 'warning',
        message: `Keys beside \`$ref\` are ignored: ${siblings.map((key) => `"${key}"`).join(', ')}.`,
        hint: 'Move these keys into the referenced file, or drop the `$ref`.',
        at: 'key',
      });
    }
    const hash = reference.indexOf('#');
    const path = hash === -1 ? reference : reference.slice(0, hash);
    const fragment = hash === -1 ? '' : decodedFragment(reference.slice(hash + 1));
    if (/^[a-z][a-z0-9+.-]*:/i.test(path)) {
      this.report(file, refPointer, {
        code: 'config/ref-external',
        severity: 'error',
        message: `\`$ref\` "${reference}" points outside the project; only files of the repository can be referenced.`,
        hint: 'Copy the content into the repository and reference it by a relative path.',
      });
      return record;
    }
    const target = path === '' ? file : resolveInside(this.options.root, file, path);
    if (target === undefined) {
      this.report(file, refPointer, {
        code: 'config/ref-outside-root',
        severity: 'error',
        message: `\`$ref\` "${reference}" leaves the project folder.`,
        hint: 'Reference files inside the folder of docs.json, e.g. "./navigation/en.json".',
      });
      return record;
    }
    if (fragment !== '' && !fragment.startsWith('/')) {
      this.report(file, refPointer, {
        code: 'config/ref-invalid',
        severity: 'error',
        message: `\`$ref\` "${reference}" has a fragment that is not a JSON pointer.`,
        hint: 'Write the fragment as a JSON pointer, e.g. "./nav.json#/tabs/0".',
      });
      return record;
    }
    const key = `${target}#${fragment}`;
    if (chain.includes(key)) {
      const cycle = [...chain.slice(chain.indexOf(key)), key].map((entry) => entry.replace(/#$/, '')).join(' → ');
      this.report(file, refPointer, {
        code: 'config/ref-cycle',
        severity: 'error',
        message: `\`$ref\` "${reference}" is circular: ${cycle}.`,
        hint: 'Break the cycle: a file cannot include itself, directly or through others.',
      });
      return record;
    }
    const document = this.load(target, file, refPointer, reference);
    if (document === undefined) return record;
    const content = fragment === '' ? document : getAtPointer(document, fragment);
    if (content === undefined) {
      this.report(file, refPointer, {
        code: 'config/ref-missing',
        severity: 'error',
        message: `\`$ref\` "${reference}": ${target} has nothing at ${fragment}.`,
        hint: 'Check the pointer after `#`.',
      });
      return record;
    }
    this.mounts.push({ pointer, file: target, filePointer: fragment });
    return this.resolve(content, pointer, target, fragment, [...chain, key], depth + 1);
  }

  /** Reads and parses a referenced file once; reports and returns `undefined` when that fails. */
  private load(target: string, file: string, refPointer: string, reference: string): unknown {
    if (this.sources.has(target)) return this.sources.parsed(target);
    const { readFile } = this.options;
    if (!readFile) {
      this.report(file, refPointer, {
        code: 'config/ref-unavailable',
        severity: 'error',
        message: `\`$ref\` "${reference}" cannot be followed: no \`readFile\` was given to read ${target}.`,
        hint: 'Pass `readFile` to parseDocsJson, or use `loadDocsJson` from quire-docs/node, which reads from disk.',
      });
      return undefined;
    }
    let text: string | undefined;
    try {
      text = readFile(target);
    } catch {
      text = undefined;
    }
    if (text === undefined) {
      this.report(file, refPointer, {
        code: 'config/ref-missing',
        severity: 'error',
        message: `\`$ref\` "${reference}" points to ${target}, which does not exist.`,
        hint: 'Check the path; it is relative to the file that holds the `$ref`.',
      });
      return undefined;
    }
    return this.sources.add(target, text, this.reporter);
  }

  private report(file: string, filePointer: string, finding: Omit<Finding, 'pointer'>): void {
    this.reporter.report({ ...finding, pointer: filePointer, file });
  }
}

/** The pointer of a `$ref` fragment; a malformed percent escape (`#/a%E0`) is kept as written, not thrown. */
function decodedFragment(fragment: string): string {
  try {
    return decodeURIComponent(fragment);
  } catch {
    return fragment;
  }
}
