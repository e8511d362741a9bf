import type { ReadFile } from '../config/refs.js';
import type { DiagnosticCode } from '../diagnostics/codes.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { HttpMethod } from '../navigation/types.js';
import type { OpenApiTexts } from '../openapi/expand-endpoints.js';

/** What {@link migrateMdx} reads: file contents only; it reads nothing itself. */
export interface MigrateMdxInput {
  /** The text of docs.json. */
  docsJson: string;
  /** Path of docs.json in the site folder, as diagnostics and the plan name it. Default `docs.json`. */
  docsJsonFile?: string;
  /** Reads a file a `$ref` of docs.json names, by its path in the site folder (`nav/api.json`); `undefined` when it does not exist. */
  readFile?: ReadFile;
  /**
   * Page files by path in the site folder (`api/users/get.mdx`) and their text. Only pages whose
   * frontmatter has `openapi` matter; others may be left out.
   */
  pages: ReadonlyMap<string, string> | Readonly<Record<string, string>>;
  /**
   * Every page file of the site (`.md`, `.mdx`, paths in the site folder). With it, a page that
   * a translated entry falls back to (`fr/x` listed but without a file, while `x` has one) stays
   * where it is: deleting it would leave that entry without a page.
   */
  files?: Iterable<string>;
  /**
   * The text of each OpenAPI document, by source: as written in docs.json (`openapi.yaml`, a URL),
   * or the path in the site folder of a document a page names. A page whose frontmatter names no
   * document and has none in effect is looked up in all of them.
   */
  specs: OpenApiTexts;
}

/** Options of {@link migrateMdx}. */
export interface MigrateMdxOptions {
  /**
   * The vendor extension the page settings are written in, in every document. By default each
   * document gets the one it already uses: `x-mint` where it has any (the platform reads only
   * that one), else `x-quire` where it has any, else `x-quire`. Quire reads both.
   */
  extension?: string;
}

/** A file the migration writes or deletes, by path in the site folder. */
export type PlannedChange = { kind: 'write'; file: string; content: string; previous: string } | { kind: 'delete'; file: string; previous: string };

/** A navigation entry rewritten from the page to the endpoint. */
export interface RewrittenEntry {
  /** The file that holds the entry: docs.json, or a file it includes with `$ref`. */
  file: string;
  /** JSON pointer of the entry in that file. */
  pointer: string;
  from: string;
  to: string;
}

/** An MDX page moved into its operation. */
export interface MovedPage {
  /** The page file (deleted). */
  file: string;
  /** Its page path and URL (`/api/users/get`), now the `href` of `extension`. */
  page: string;
  href: string;
  /** The vendor extension its settings are written in (`x-mint`, `x-quire`): see `MigrationPlan.extensions`. */
  extension: string;
  /** The document it moved into (its source) and the operation. */
  spec: string;
  kind: 'endpoint' | 'webhook';
  /** The method (`POST` for webhooks when the document says so). */
  method: HttpMethod;
  /** The path of an endpoint, the name of a webhook. */
  path: string;
  /** JSON pointer of the operation in the document. */
  pointer: string;
  /** The navigation entries that now name the endpoint. */
  entries: RewrittenEntry[];
}

/** The vendor extension a document's operations get the page settings in, and why. */
export interface PlannedExtension {
  /** The document, as `MovedPage.spec` names it. */
  spec: string;
  /** `x-mint`, `x-quire`, or the one `options.extension` names. */
  extension: string;
  /**
   * `option`: `options.extension` names it; `in-use`: the document already uses it (`x-mint`
   * before `x-quire`); `default`: the document uses neither, and gets `x-quire`.
   */
  reason: 'option' | 'in-use' | 'default';
  /** The reason in words: `the document already uses x-mint in 3 places, and x-mint is what the platform reads`. */
  why: string;
}

/** A page left where it is, and why. */
export interface KeptPage {
  file: string;
  page: string;
  /** The diagnostic code that says why (`migrate/endpoint-not-found`, ...). */
  code: DiagnosticCode;
  message: string;
}

/** What {@link migrateMdx} returns: what to change, and a report of what moves where. */
export interface MigrationPlan {
  /** New contents of OpenAPI documents and navigation files, then the page files to delete. Empty when `blocked`. */
  changes: PlannedChange[];
  moved: MovedPage[];
  /** The extension written in each document pages move into, in the order of `changes`. */
  extensions: PlannedExtension[];
  kept: KeptPage[];
  /** Why pages are kept, and the problems of invalid documents. File names as in the input. */
  diagnostics: Diagnostic[];
  /** An invalid docs.json or OpenAPI document stopped the migration: nothing is to change. */
  blocked: boolean;
}
