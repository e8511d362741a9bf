import { createHash } from 'node:crypto';
import type { FileContent } from '../site/types.js';

/**
 * What one compilation of a site read from the disk: enough to tell, on the next run, that
 * nothing it depends on changed (see `site-report.ts`).
 */
export interface InputRecord {
  /** Every file of the site, as listed (before ignore patterns), sorted. */
  files: string[];
  /** A hash of the content of each file the compiler was given, by file. */
  hashes: Record<string, string>;
  /** The repository's OpenAPI files, when the compilation looked for them. */
  openApiFiles?: string[];
}

/**
 * Notes what a site reader gives the compiler. `complete` turns false when the compilation
 * depends on something a record cannot hold: a document fetched over the network, a file that
 * could not be read.
 */
export class InputRecorder {
  complete = true;
  private readonly hashes: Record<string, string> = {};
  private openApiFiles: string[] | undefined;

  /** `hash` is {@link hashContent}, or one that remembers what it hashed (see {@link contentHasher}). */
  constructor(
    private readonly files: readonly string[],
    private readonly hash: (content: FileContent) => string | undefined = hashContent,
  ) {}

  /** The compiler was given `content` for `file`. */
  saw(file: string, content: FileContent | undefined): void {
    const hash = content === undefined ? undefined : this.hash(content);
    if (hash === undefined) this.complete = false;
    else this.hashes[file] = hash;
  }

  /** The repository's OpenAPI files were looked for and found to be `files`. */
  foundOpenApiFiles(files: readonly string[]): void {
    this.openApiFiles = [...files];
  }

  /** The record, or `undefined` when it is not complete. */
  record(): InputRecord | undefined {
    if (!this.complete) return undefined;
    return { files: [...this.files].sort(), hashes: this.hashes, ...(this.openApiFiles ? { openApiFiles: this.openApiFiles } : {}) };
  }
}

/**
 * The hash of what the compiler was given: a page's bytes, or a text as UTF-8 (what `readFile`
 * with `utf8` gives, encoded again); `undefined` for a file that could not be read.
 */
export function hashContent(content: FileContent): string | undefined {
  if (typeof content === 'object' && 'unreadable' in content) return undefined;
  return createHash('sha256')
    .update(typeof content === 'string' ? Buffer.from(content, 'utf8') : content)
    .digest('base64url');
}

/**
 * {@link hashContent} that hashes each page's bytes once: the input record and the content
 * cache's key both need the hash of the same bytes (the page as read, given to the compiler).
 * Remembered by the bytes' object, for as long as the page's bytes are held; texts (docs.json,
 * OpenAPI documents) are hashed each time, as nothing else hashes them.
 */
export function contentHasher(): (content: FileContent) => string | undefined {
  const known = new WeakMap<Uint8Array, string>();
  return (content) => {
    if (typeof content !== 'object' || 'unreadable' in content) return hashContent(content);
    let hash = known.get(content);
    if (hash === undefined) {
      hash = hashContent(content) as string;
      known.set(content, hash);
    }
    return hash;
  };
}
