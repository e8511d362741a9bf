import { targets } from '@readme/httpsnippet/targets';
import type { SampleFormPart, SampleRequest } from './sample-request.js';
import { encodeUriComponent } from '../util/uri.js';

/** A language samples can be generated in: the snippet library's target and client, and how the page shows it. */
export interface SnippetLanguage {
  /** Code block language of the sample (syntax highlighting). */
  language: string;
  /** Tab label. */
  label: string;
  target: string;
  client: string;
}

/**
 * The languages of `api.examples.languages`, by the names sites write (the platform's docs and
 * the corpus use `bash`, `javascript`, `python`, ...; aliases are accepted). A client that needs
 * no third-party package is preferred where the library has one (Java's `java.net.http`, Go's
 * `net/http`, Python's `requests` being the exception every peer makes).
 */
const LANGUAGES: Record<string, SnippetLanguage> = {
  curl: { language: 'bash', label: 'cURL', target: 'shell', client: 'curl' },
  javascript: { language: 'javascript', label: 'JavaScript', target: 'javascript', client: 'fetch' },
  node: { language: 'javascript', label: 'Node.js', target: 'node', client: 'fetch' },
  python: { language: 'python', label: 'Python', target: 'python', client: 'requests' },
  go: { language: 'go', label: 'Go', target: 'go', client: 'native' },
  java: { language: 'java', label: 'Java', target: 'java', client: 'nethttp' },
  ruby: { language: 'ruby', label: 'Ruby', target: 'ruby', client: 'native' },
  php: { language: 'php', label: 'PHP', target: 'php', client: 'curl' },
  csharp: { language: 'csharp', label: 'C#', target: 'csharp', client: 'httpclient' },
  powershell: { language: 'powershell', label: 'PowerShell', target: 'powershell', client: 'restmethod' },
  swift: { language: 'swift', label: 'Swift', target: 'swift', client: 'urlsession' },
  kotlin: { language: 'kotlin', label: 'Kotlin', target: 'kotlin', client: 'okhttp' },
  c: { language: 'c', label: 'C', target: 'c', client: 'libcurl' },
  objectivec: { language: 'objectivec', label: 'Objective-C', target: 'objc', client: 'nsurlsession' },
  ocaml: { language: 'ocaml', label: 'OCaml', target: 'ocaml', client: 'cohttp' },
  r: { language: 'r', label: 'R', target: 'r', client: 'httr' },
  clojure: { language: 'clojure', label: 'Clojure', target: 'clojure', client: 'clj_http' },
  http: { language: 'http', label: 'HTTP', target: 'http', client: 'http1.1' },
};

const ALIASES: Record<string, string> = {
  bash: 'curl',
  shell: 'curl',
  sh: 'curl',
  js: 'javascript',
  nodejs: 'node',
  'node.js': 'node',
  py: 'python',
  golang: 'go',
  rb: 'ruby',
  'c#': 'csharp',
  cs: 'csharp',
  dotnet: 'csharp',
  '.net': 'csharp',
  ps: 'powershell',
  pwsh: 'powershell',
  kt: 'kotlin',
  objc: 'objectivec',
  'objective-c': 'objectivec',
};

/** The languages generated when docs.json names none: the eight the issue tracker and the platform's peers agree on. */
export const DEFAULT_SAMPLE_LANGUAGES: readonly string[] = ['curl', 'javascript', 'python', 'go', 'java', 'ruby', 'php', 'csharp'];

/** The language a name of `api.examples.languages` means, if samples can be generated in it. */
export function snippetLanguage(name: string): SnippetLanguage | undefined {
  const key = name.trim().toLowerCase();
  return LANGUAGES[ALIASES[key] ?? key];
}

/** The request as the snippet library's converters read it (its `Request`: a HAR request with derived fields). */
interface ConverterInput {
  method: string;
  url: string;
  httpVersion: string;
  headers: Array<{ name: string; value: string }>;
  queryString: Array<{ name: string; value: string }>;
  cookies: Array<{ name: string; value: string }>;
  headersSize: number;
  bodySize: number;
  postData: { mimeType: string; text?: string; params?: SampleFormPart[]; boundary?: string; jsonObj?: unknown; paramsObj?: Record<string, string | string[]> };
  fullUrl: string;
  queryObj: Record<string, string | string[]>;
  headersObj: Record<string, string>;
  cookiesObj: Record<string, string>;
  allHeaders: Record<string, string>;
  uriObj: {
    protocol: string;
    host: string;
    hostname: string;
    port: string | null;
    pathname: string;
    path: string;
    href: string;
    search: string;
    query: Record<string, string | string[]>;
  };
}

type Converter = (request: ConverterInput, options?: Record<string, unknown>) => string;
const CLIENTS = targets as unknown as Record<string, { clientsById: Record<string, { convert: Converter }> }>;

/** The boundary of generated multipart bodies: fixed, so that samples are the same on every run. */
const BOUNDARY = '---011000010111000001101001';

/** The sample's source in one language. */
export function snippetSource(request: SampleRequest, language: SnippetLanguage): string {
  const convert = CLIENTS[language.target]?.clientsById[language.client]?.convert;
  if (!convert) throw new Error(`No snippet client ${language.target}/${language.client}`);
  const input = converterInput(request);
  if (language.target === 'shell') return quotedHeredoc(convert(input));
  if (language.target === 'python') return convert(pythonSafeInput(input));
  if (language.target === 'javascript' || language.target === 'node') return convert(javascriptSafeInput(input));
  if (language.target === 'php') return inDoubleQuotedLiterals(convert(input), phpLiteral);
  if (language.target === 'ruby') return inDoubleQuotedLiterals(convert(input), rubyLiteral);
  return convert(input);
}

/**
 * The library escapes PHP and Ruby double-quoted strings as JSON would, but these languages
 * interpolate in them: `"$HOME"` in PHP and `"#{...}"` in Ruby would insert a variable or run
 * code. Every double-quoted literal the library wrote (each is one escaped string, so a
 * literal's end is the first unescaped `"`) has its interpolation characters escaped; these
 * are not escapes PHP or Ruby read inside the single-quoted strings the library also writes.
 */
function inDoubleQuotedLiterals(source: string, fix: (body: string) => string): string {
  // Single-quoted strings are matched first and kept, so that a `"` inside one starts nothing.
  return source.replace(/'(?:[^'\\\n]|\\.)*'|"((?:[^"\\\n]|\\.)*)"/g, (whole, body: string | undefined) => (body === undefined ? whole : `"${fix(body)}"`));
}

/** `$name` and `${` stay text; `\uXXXX`, which PHP would leave as is, becomes its `\u{XXXX}`. */
function phpLiteral(body: string): string {
  return body.replace(/\\(u[0-9a-fA-F]{4}|.)|\$(?=[A-Za-z_{\x80-\uffff])/g, (whole, escape: string | undefined) =>
    escape === undefined ? '\\$' : escape.length === 5 ? `\\u{${escape.slice(1)}}` : whole,
  );
}

/** `#{`, `#@` and `#$` stay text. */
function rubyLiteral(body: string): string {
  return body.replace(/\\.|#(?=[{@$])/g, (whole) => (whole === '#' ? '\\#' : whole));
}

/**
 * The library writes multipart fields into JavaScript as `form.append('name', 'value')` without
 * escaping them: an apostrophe or a line break in a value ends the string. They are escaped
 * here for a single-quoted literal; everything else it writes through a serialiser that escapes.
 */
function javascriptSafeInput(input: ConverterInput): ConverterInput {
  const params = input.postData.params;
  if (params === undefined || input.postData.mimeType !== 'multipart/form-data') return input;
  const literal = (text: string) =>
    text.replace(/[\\'\u0000-\u001f\u007f]/g, (char) => JAVASCRIPT_ESCAPES[char] ?? `\\x${char.charCodeAt(0).toString(16).padStart(2, '0')}`);
  return {
    ...input,
    postData: {
      ...input.postData,
      params: params.map((part) => ({ ...part, name: literal(part.name), ...(part.value === undefined ? {} : { value: literal(part.value) }) })),
    },
  };
}

const JAVASCRIPT_ESCAPES: Record<string, string> = { '\\': '\\\\', "'": "\\'", '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/**
 * The library writes Python string literals by escaping `"` alone, and keys not at all: a body
 * value with a line break (a YAML or Markdown field) ends the literal mid-line, and a backslash
 * starts an escape. The strings of the body are escaped here, the way a Python literal needs,
 * before the library adds its `\"`; keys get their quotes escaped too.
 */
function pythonSafeInput(input: ConverterInput): ConverterInput {
  const { postData } = input;
  const safe: ConverterInput['postData'] = { ...postData };
  if (postData.jsonObj !== undefined) safe.jsonObj = pythonSafe(postData.jsonObj);
  if (postData.paramsObj !== undefined) safe.paramsObj = pythonSafe(postData.paramsObj) as Record<string, string | string[]>;
  if (postData.params !== undefined)
    safe.params = postData.params.map((part) => ({
      ...part,
      name: pythonString(part.name, true),
      ...(part.value === undefined ? {} : { value: pythonString(part.value, false) }),
    }));
  return { ...input, postData: safe };
}

function pythonSafe(value: unknown): unknown {
  if (typeof value === 'string') return pythonString(value, false);
  if (Array.isArray(value)) return value.map(pythonSafe);
  if (typeof value === 'object' && value !== null) {
    const result: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value))
      Object.defineProperty(result, pythonString(key, true), { value: pythonSafe(item), enumerable: true, writable: true, configurable: true });
    return result;
  }
  return value;
}

/** The inside of a double-quoted Python literal; `"` is left to the library except in keys, which it writes as they are. */
function pythonString(text: string, quotes: boolean): string {
  const escaped = text.replace(/[\\\u0000-\u001f\u007f]/g, (char) => PYTHON_ESCAPES[char] ?? `\\x${char.charCodeAt(0).toString(16).padStart(2, '0')}`);
  return quotes ? escaped.replace(/"/g, '\\"') : escaped;
}

const PYTHON_ESCAPES: Record<string, string> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/**
 * The library writes a JSON body holding an apostrophe as a here-document with a bare `EOF`
 * delimiter, in which the shell expands `$name` and backquotes: a body with `"$HOME"` would send
 * the reader's home folder. A quoted delimiter sends the lines as written. Pretty-printed JSON
 * never has a line that is `EOF` alone, so the document still ends where the library ends it.
 */
function quotedHeredoc(source: string): string {
  return source.replace(/ @- <<EOF\n/, " @- <<'EOF'\n");
}

function converterInput(request: SampleRequest): ConverterInput {
  const queryObj = grouped(request.query);
  const search = request.query.map((field) => `${encodeQuery(field.name)}=${encodeQuery(field.value)}`).join('&');
  const fullUrl = search ? `${request.url}?${search}` : request.url;
  const headersObj: Record<string, string> = {};
  for (const header of request.headers) headersObj[header.name] = header.value;
  const cookiesObj: Record<string, string> = {};
  for (const cookie of request.cookies) cookiesObj[cookie.name] = cookie.value;
  const postData = postDataOf(request, headersObj);
  const allHeaders: Record<string, string> = {};
  if (request.cookies.length) allHeaders.cookie = request.cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
  Object.assign(allHeaders, headersObj);
  const origin = /^([a-z][a-z0-9+.-]*:)\/\/([^/?#]*)/i.exec(request.url);
  const host = origin?.[2] ?? '';
  const pathname = request.url.slice(origin?.[0].length ?? 0) || '/';
  const port = /:(\d+)$/.exec(host)?.[1] ?? null;
  return {
    method: request.method,
    url: request.url,
    httpVersion: 'HTTP/1.1',
    headers: request.headers,
    queryString: request.query,
    cookies: request.cookies,
    headersSize: -1,
    bodySize: -1,
    postData,
    fullUrl,
    queryObj,
    headersObj,
    cookiesObj,
    allHeaders,
    uriObj: {
      protocol: origin?.[1] ?? 'https:',
      host,
      hostname: port === null ? host : host.slice(0, -port.length - 1),
      port,
      pathname,
      path: search ? `${pathname}?${search}` : pathname,
      href: fullUrl,
      search,
      query: queryObj,
    },
  };
}

function postDataOf(request: SampleRequest, headersObj: Record<string, string>): ConverterInput['postData'] {
  const body = request.body;
  if (!body) return { mimeType: 'application/octet-stream' };
  const essence = body.mediaType.split(';')[0]?.trim().toLowerCase() ?? '';
  if (body.parts && essence.startsWith('multipart/')) {
    const contentType = Object.keys(headersObj).find((name) => name.toLowerCase() === 'content-type') ?? 'Content-Type';
    headersObj[contentType] = `multipart/form-data; boundary=${BOUNDARY}`;
    return { mimeType: 'multipart/form-data', params: body.parts, boundary: BOUNDARY, text: multipartText(body.parts) };
  }
  if (body.parts) {
    const paramsObj = grouped(body.parts.map((part) => ({ name: part.name, value: part.value ?? '' })));
    return {
      mimeType: 'application/x-www-form-urlencoded',
      params: body.parts,
      paramsObj,
      text: body.parts.map((part) => `${encodeQuery(part.name)}=${encodeQuery(part.value ?? '')}`).join('&'),
    };
  }
  const postData: ConverterInput['postData'] = { mimeType: body.json === undefined ? body.mediaType : 'application/json', text: body.text ?? '' };
  if (body.json !== undefined) postData.jsonObj = body.json;
  return postData;
}

/** A multipart body as sent, for the clients that write the body out (Go, Java, C#): files by name, not content. */
function multipartText(parts: readonly SampleFormPart[]): string {
  const lines: string[] = [];
  for (const part of parts) {
    lines.push(`--${BOUNDARY}`);
    const name = part.name.replace(/"/g, '%22').replace(/\r?\n|\r/g, ' ');
    if (part.fileName !== undefined)
      lines.push(
        `Content-Disposition: form-data; name="${name}"; filename="${part.fileName}"`,
        `Content-Type: ${part.contentType ?? 'application/octet-stream'}`,
        '',
        '',
      );
    else lines.push(`Content-Disposition: form-data; name="${name}"`, '', (part.value ?? '').replace(/\r?\n|\r/g, '\r\n'));
  }
  lines.push(`--${BOUNDARY}--`, '');
  return lines.join('\r\n');
}

/** Values by name, a repeated name collecting its values in a list. */
function grouped(fields: ReadonlyArray<{ name: string; value: string }>): Record<string, string | string[]> {
  const result: Record<string, string | string[]> = {};
  for (const { name, value } of fields) {
    const known = result[name];
    result[name] = known === undefined ? value : Array.isArray(known) ? [...known, value] : [known, value];
  }
  return result;
}

/** `application/x-www-form-urlencoded` escaping of a query or form value, as browsers and `URLSearchParams` write it. */
function encodeQuery(text: string): string {
  return encodeUriComponent(text).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
}
