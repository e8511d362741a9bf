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
