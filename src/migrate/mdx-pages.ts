import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { parseFrontmatter, readFrontmatterFields, splitFrontmatter, type PageFrontmatter } from '../frontmatter/frontmatter.js';
import { filePagePath } from '../navigation/classify.js';
import type { JsonObject } from '../openapi/json.js';
import { isObject } from '../openapi/json.js';

/** An MDX page whose frontmatter has `openapi`: what moves into the operation. */
export interface EndpointMdxPage {
  file: string;
  /** Page path the file serves (`api/users/get`). */
  page: string;
  /** `openapi` of the frontmatter, as written. */
  reference: string;
  /** Frontmatter as read by the navigation (labels). */
  frontmatter: PageFrontmatter;
  /** Every frontmatter field except `openapi`, exactly as written; `undefined` when there is none. */
  metadata: JsonObject | undefined;
  /** The body: leading blank lines and trailing white space dropped, `\n` line breaks; `undefined` when empty. */
  content: string | undefined;
  /** Line of `openapi:` in the file, for diagnostics. */
  line: number;
  /** Modules the body imports by a path relative to the page (`./x.mdx`), which would not resolve from the OpenAPI document. */
  relativeImports: string[];
}

/** What {@link readEndpointPages} finds: the pages to move, and those whose frontmatter cannot be read. */
export interface EndpointPagesRead {
  pages: EndpointMdxPage[];
  unreadable: Array<{ file: string; page: string; diagnostics: Diagnostic[] }>;
}

/** The pages whose frontmatter has `openapi`, sorted by file. */
export function readEndpointPages(files: ReadonlyMap<string, string> | Readonly<Record<string, string>>): EndpointPagesRead {
  const entries = files instanceof Map ? [...files] : Object.entries(files as Record<string, string>);
  const result: EndpointPagesRead = { pages: [], unreadable: [] };
  for (const [file, text] of entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const split = splitFrontmatter(text);
    if (!split || !/^openapi[ \t]*:/m.test(split.yaml)) continue;
    const page = filePagePath(file);
    const parsed = parseFrontmatter(text, file);
    const raw = parsed.data ? readRaw(split.yaml) : undefined;
    if (!parsed.data || !raw) {
      result.unreadable.push({ file, page, diagnostics: parsed.diagnostics.filter((diagnostic) => diagnostic.severity === 'error') });
      continue;
    }
    if (typeof parsed.data.openapi !== 'string') continue;
    const { openapi: _openapi, ...rest } = raw;
    const lines = split.yaml.split('\n');
    const line =
      split.firstLine +
      Math.max(
        0,
        lines.findIndex((candidate) => /^openapi[ \t]*:/.test(candidate)),
      );
    const content = split.body
      .replace(/\r\n?/g, '\n')
      .replace(/^(?:[ \t]*\n)+/, '')
      .trimEnd();
    result.pages.push({
      file,
      page,
      reference: parsed.data.openapi,
      frontmatter: parsed.data,
      metadata: Object.keys(rest).length ? rest : undefined,
      content: content === '' ? undefined : content,
      line,
      relativeImports: relativeImports(content),
    });
  }
  return result;
}

/** `import ... from './x'` (or `'../x'`) statements of an MDX body, outside fenced code blocks. */
function relativeImports(body: string): string[] {
  const found: string[] = [];
  let fence: string | undefined;
  for (const line of body.split('\n')) {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker && (fence === undefined || marker.startsWith(fence))) {
      fence = fence === undefined ? marker : undefined;
      continue;
    }
    if (fence !== undefined) continue;
    const module = /^import\s(?:[^'"]*\sfrom\s)?['"](\.{1,2}\/[^'"]*)['"]/.exec(line)?.[1];
    if (module) found.push(module);
  }
  return found;
}

/**
 * The frontmatter as written, every field with its YAML type, read as the platform reads it:
 * a plain YAML parser refuses (or reads otherwise) what the platform's reader takes, such as
 * quoted values whose next lines are not indented, or an indented first field.
 */
function readRaw(yaml: string): JsonObject | undefined {
  const fields = readFrontmatterFields(yaml);
  return fields !== undefined && isObject(fields) ? fields : undefined;
}
