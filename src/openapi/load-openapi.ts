import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { OpenApiDocument } from './document.js';
import { placeFindings, type Finding } from './findings.js';
import { isObject } from './json.js';
import { RefResolver } from './refs.js';
import { parseSource, type ParsedSource } from './source.js';
import { validateDocument } from './validate/document.js';

/** Options of {@link loadOpenApi}. */
export interface LoadOpenApiOptions {
  /** The file name diagnostics name (`openapi.yaml`, `specs/api.json`, a URL, ...). */
  file: string;
  /** Largest accepted text, in characters. Default 64 MiB. */
  maxSize?: number;
}

/** What {@link loadOpenApi} returns. */
export interface LoadOpenApiResult {
  /**
   * The document, when the text is an OpenAPI 3.0 or 3.1 object, even if some diagnostics are
   * errors (check with `hasErrors`): pages can still be built to show them in context.
   */
  document?: OpenApiDocument;
  /** Every problem found, each once, in document order. */
  diagnostics: Diagnostic[];
}

const DEFAULT_MAX_SIZE = 64 * 1024 * 1024;

/**
 * Reads an OpenAPI 3.0 or 3.1 description from its text (JSON or YAML) and validates its
 * structure. Never throws. Swagger 2.0 and AsyncAPI documents are recognised and refused with a
 * diagnostic that says what they are.
 *
 * @param source the text of the file, or an already parsed value (then diagnostics have no line).
 */
export function loadOpenApi(source: unknown, options: LoadOpenApiOptions): LoadOpenApiResult {
  const { file } = options;
  let parsed: ParsedSource | undefined;
  let value = source;
  let warnings: Diagnostic[] = [];
  if (typeof source === 'string') {
    const maxSize = options.maxSize ?? DEFAULT_MAX_SIZE;
    if (source.length > maxSize) {
      return {
        diagnostics: placeFindings(
          [
            {
              code: 'openapi/too-large',
              severity: 'error',
              message: `${file} is ${formatSize(source.length)}, over the limit of ${formatSize(maxSize)}.`,
              pointer: '',
              hint: 'Raise `maxSize` if this description is expected to be this large.',
            },
          ],
          file,
          undefined,
        ),
      };
    }
    parsed = parseSource(source);
    const syntax = placeFindings(
      parsed.problems.map((problem) => ({ ...problem, severity: problem.severity ?? ('error' as const) })),
      file,
      parsed.locate,
      parsed.position,
    );
    if (parsed.value === undefined || syntax.some((diagnostic) => diagnostic.severity === 'error')) return { diagnostics: syntax };
    value = parsed.value;
    warnings = syntax;
  }
  const locate = parsed?.locate;
  const kind = identify(value, file);
  if ('finding' in kind) return { diagnostics: [...warnings, ...placeFindings([kind.finding], file, locate)] };
  const findings: Finding[] = [];
  const root = value as Record<string, unknown>;
  const refs = new RefResolver(root);
  const refsInText = parsed?.refs;
  validateDocument({ root, version: kind.version, refs, report: (finding) => findings.push(finding), ...(refsInText ? { refsInText } : {}) });
  if (kind.warning) findings.unshift(kind.warning);
  const document = new OpenApiDocument(file, kind.version, root as unknown as OpenApiDocument['spec'], locate, refs);
  return { document, diagnostics: inDocumentOrder([...warnings, ...placeFindings(findings, file, locate)]) };
}

type Identified = { version: '3.0' | '3.1'; warning?: Finding } | { finding: Finding };

/** Which kind of document this is, from its version field. */
function identify(value: unknown, file: string): Identified {
  if (!isObject(value)) {
    return {
      finding: {
        code: 'openapi/not-an-object',
        severity: 'error',
        message: `${file} does not hold an object, so it is not an OpenAPI description.`,
        pointer: '',
        hint: 'An OpenAPI description starts with `openapi: 3.1.0`, `info` and `paths`.',
      },
    };
  }
  if (value.swagger !== undefined) {
    return {
      finding: {
        code: 'openapi/swagger-2',
        severity: 'error',
        message: `${file} is a Swagger ${String(value.swagger)} description; Quire reads OpenAPI 3.0 and 3.1.`,
        pointer: '/swagger',
        hint: 'Convert it to OpenAPI 3 (for example with swagger2openapi, or by importing and exporting it in Swagger Editor), then reference the converted file.',
      },
    };
  }
  if (value.asyncapi !== undefined) {
    return {
      finding: {
        code: 'openapi/asyncapi',
        severity: 'error',
        message: `${file} is an AsyncAPI ${String(value.asyncapi)} description, not OpenAPI.`,
        pointer: '/asyncapi',
        hint: 'Reference it with `asyncapi` in docs.json rather than `openapi`.',
      },
    };
  }
  const version = value.openapi;
  if (version === undefined) {
    return {
      finding: {
        code: 'openapi/missing-version',
        severity: 'error',
        message: `${file} has no \`openapi\` field, so it is not an OpenAPI description.`,
        pointer: '',
        hint: 'Add `openapi: 3.1.0` (or the 3.0.x version it is written for) at the top.',
      },
    };
  }
  const text = String(version);
  if (/^3\.0\.\d+(-.+)?$/.test(text)) return { version: '3.0', ...(typeof version === 'string' ? {} : { warning: numericVersion(text) }) };
  if (/^3\.1\.\d+(-.+)?$/.test(text)) return { version: '3.1', ...(typeof version === 'string' ? {} : { warning: numericVersion(text) }) };
  return {
    finding: {
      code: 'openapi/unsupported-version',
      severity: 'error',
      message: `OpenAPI ${JSON.stringify(version)} is not supported; Quire reads OpenAPI 3.0.x and 3.1.x.`,
      pointer: '/openapi',
      hint: typeof version === 'number' ? 'Write the full version as a string, such as `openapi: "3.0.3"`.' : 'Write `openapi: 3.1.0` or `openapi: 3.0.3`.',
    },
  };
}

function numericVersion(text: string): Finding {
  return {
    code: 'openapi/invalid-type',
    severity: 'error',
    message: `The \`openapi\` version must be a string; ${text} was written as a number.`,
    pointer: '/openapi',
    hint: `Quote it: openapi: "${text}".`,
  };
}

function inDocumentOrder(diagnostics: Diagnostic[]): Diagnostic[] {
  return diagnostics
    .map((diagnostic, index) => ({ diagnostic, index }))
    .sort(
      (left, right) =>
        (left.diagnostic.line ?? 0) - (right.diagnostic.line ?? 0) ||
        (left.diagnostic.column ?? 0) - (right.diagnostic.column ?? 0) ||
        left.index - right.index,
    )
    .map((entry) => entry.diagnostic);
}

function formatSize(characters: number): string {
  return characters >= 1024 * 1024 ? `${(characters / 1024 / 1024).toFixed(1)} MiB` : `${Math.ceil(characters / 1024)} KiB`;
}
