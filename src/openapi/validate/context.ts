import type { Finding } from '../findings.js';
import type { RefResolver } from '../refs.js';

/** What every check receives: the document, its version, a resolver and a place to report. */
export interface CheckContext {
  root: Record<string, unknown>;
  version: '3.0' | '3.1';
  refs: RefResolver;
  report(finding: Finding): void;
  /** Every `$ref` value written in the document, when the parser collected them (JSON texts): lets the valid case skip the reference walk. */
  refsInText?: string[];
}

/**
 * A pointer, or how to make it: most checks pass, and a large document has hundreds of
 * thousands of places, so their pointers are made only for what is reported.
 */
export type LazyPointer = string | (() => string);

export function pointerOf(pointer: LazyPointer): string {
  return typeof pointer === 'string' ? pointer : pointer();
}
