import { hasErrors, type Diagnostic } from '../diagnostics/diagnostic.js';
import { didYouMeanText } from '../diagnostics/suggest.js';
import type { ClassifiedEntry } from '../navigation/classify.js';
import type { OpenApiSource, PageNode } from '../navigation/types.js';
import type { OpenApiDocument } from '../openapi/document.js';
import type { OpenApiTexts } from '../openapi/expand-endpoints.js';
import { findOperation, findWebhook } from '../openapi/find.js';
import { loadOpenApi } from '../openapi/load-openapi.js';
import { frontmatterSource } from '../openapi/reference-source.js';
import type { OperationSummary } from '../openapi/types.js';

/** A document as the migration sees it: loaded, invalid (stops everything), or unreadable. */
export interface LoadedDocument {
  source: string;
  document?: OpenApiDocument;
  /** The text could not be read (a URL not fetched, a missing file). */
  missing?: boolean;
  /** Errors in the document: the migration changes nothing. */
  invalid?: boolean;
  diagnostics: Diagnostic[];
}

/** The operation a page documents. */
export interface Target {
  source: string;
  document: OpenApiDocument;
  operation: OperationSummary;
}

/** Why no single operation was found. */
export interface TargetMiss {
  code:
    | 'migrate/unknown-document'
    | 'migrate/remote-document'
    | 'migrate/no-document'
    | 'migrate/endpoint-not-found'
    | 'migrate/ambiguous-endpoint'
    | 'migrate/document-unavailable';
  message: string;
  hint?: string;
  suggestions?: string[];
}

/** Loads each document once and finds operations in them. */
export class Documents {
  private readonly loaded = new Map<string, LoadedDocument>();

  constructor(private readonly specs: OpenApiTexts) {}

  /** Every source given, as named. */
  known(): string[] {
    return this.specs instanceof Map ? [...this.specs.keys()] : Object.keys(this.specs);
  }

  /** The text of a document, as given. */
  text(source: string): string | undefined {
    return this.specs instanceof Map ? this.specs.get(source) : (this.specs as Record<string, string>)[source];
  }

  load(source: string): LoadedDocument {
    const cached = this.loaded.get(source);
    if (cached) return cached;
    const text = this.text(source);
    let loaded: LoadedDocument;
    if (text === undefined) loaded = { source, missing: true, diagnostics: [] };
    else {
      const result = loadOpenApi(text, { file: source });
      loaded = { source, diagnostics: result.diagnostics };
      if (result.document) loaded.document = result.document;
      if (!result.document || hasErrors(result.diagnostics)) loaded.invalid = true;
    }
    this.loaded.set(source, loaded);
    return loaded;
  }

  /** The documents read so far. */
  all(): LoadedDocument[] {
    return [...this.loaded.values()];
  }
}

type Reference = Extract<ClassifiedEntry, { kind: 'endpoint' | 'webhook' }>;

/**
 * The one operation a page's `openapi` reference names, the way the site resolves it: in the
 * document it names (a path from the root, or a file name), else in the documents in effect where the page is
 * listed (all of them when none is), with the same answer at every entry.
 */
export function findTarget(reference: Reference, entries: readonly PageNode[], documents: Documents): Target | TargetMiss {
  const label = reference.kind === 'endpoint' ? `${reference.method} ${reference.path}` : `webhook ${reference.name}`;
  let sets: string[][];
  if (reference.spec !== undefined) {
    const source = frontmatterSource(reference.spec, documents.known());
    if (source === undefined && /^https?:\/\//i.test(reference.spec)) {
      return {
        code: 'migrate/remote-document',
        message: `"${label}" is in ${reference.spec}, a document given by URL, which cannot be edited.`,
        hint: 'Download the document into the repository and name the file in the frontmatter, then run the migration again.',
      };
    }
    if (source === undefined) {
      const known = documents.known();
      return {
        code: 'migrate/unknown-document',
        message: `\`openapi\` names the document "${reference.spec}", which is not an OpenAPI document of the site.`,
        hint: known.length
          ? `Documents of the site: ${known.join(', ')}. Name it by its path from the folder of docs.json, or by its file name.`
          : 'Name it by its path from the folder of docs.json, or by its file name.',
      };
    }
    sets = [[source]];
  } else {
    const inEffect = (sources: readonly OpenApiSource[]) => (sources.length ? sources.map((source) => source.source) : documents.known());
    sets = unique(entries.map((entry) => inEffect(entry.openapi)));
  }
  const found = new Map<string, Target>();
  const suggestions = new Set<string>();
  const missing: string[] = [];
  for (const set of sets) {
    if (set.length === 0)
      return {
        code: 'migrate/no-document',
        message: `\`openapi: ${label}\` names no document, and the site has none in effect for this page.`,
        hint: "Name the document in the frontmatter (`openapi: openapi.yaml GET /users`), or add `openapi` to the page's group.",
      };
    for (const source of set) {
      const loaded = documents.load(source);
      if (!loaded.document) {
        if (loaded.missing) missing.push(source);
        continue;
      }
      const result =
        reference.kind === 'endpoint' ? findOperation(loaded.document, reference.method, reference.path) : findWebhook(loaded.document, reference.name);
      if (result.match) found.set(`${source}\u0000${result.match.pointer}`, { source, document: loaded.document, operation: result.match });
      else for (const suggestion of result.suggestions) suggestions.add(reference.kind === 'webhook' ? `webhook ${suggestion}` : suggestion);
    }
  }
  const targets = [...found.values()];
  if (targets.length === 1) return targets[0] as Target;
  if (targets.length > 1) {
    const names = [...new Set(targets.map((target) => target.source))];
    return {
      code: 'migrate/ambiguous-endpoint',
      message: `"${label}" is in several documents in effect for this page: ${names.join(', ')}.`,
      hint: `Name the document in the frontmatter: \`openapi: ${names[0]} ${label}\`.`,
    };
  }
  if (missing.length)
    return {
      code: 'migrate/document-unavailable',
      message: `${[...new Set(missing)].join(', ')} could not be read, so "${label}" cannot be looked up.`,
      hint: 'Check the path, or make the document available (URLs are fetched by the command line).',
    };
  const list = [...suggestions].slice(0, 3);
  const searched = [...new Set(sets.flat())];
  const miss: TargetMiss = {
    code: 'migrate/endpoint-not-found',
    message: `"${label}" is not in ${searched.length === 1 ? searched[0] : `any of ${searched.join(', ')}`}.`,
    hint: didYouMeanText(list) ?? `Check the ${reference.kind === 'endpoint' ? 'method and path' : 'webhook name'} against the document.`,
  };
  if (list.length) miss.suggestions = list;
  return miss;
}

function unique(sets: string[][]): string[][] {
  const seen = new Set<string>();
  return sets.filter((set) => {
    const key = set.join('\u0000');
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
