import { realpath, stat, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { DiagnosticCode } from '../diagnostics/codes.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';

/** Options of {@link readOpenApiSource}. */
export interface ReadOpenApiSourceOptions {
  /** Folder that repository paths are relative to and may not leave. Default `process.cwd()`. */
  root?: string;
  /** Time allowed for a URL, in milliseconds. Default 15 s. */
  timeoutMs?: number;
  /** Largest accepted file or response, in bytes. Default 64 MiB. */
  maxBytes?: number;
}

/** What {@link readOpenApiSource} returns: the text, or diagnostics saying why there is none. */
export interface ReadOpenApiSourceResult {
  /** The source as given (a path relative to `root`, or the URL): the `file` to pass to `loadOpenApi`. */
  file: string;
  text?: string;
  diagnostics: Diagnostic[];
  /**
   * True when a URL could not be fetched because the network is not there: the host name did not
   * resolve, no route led to it, or it refused the connection. When every URL of a site fails
   * this way, the run is offline rather than the URLs wrong.
   */
  unreachable?: boolean;
}

/** Error codes of a fetch that never reached a server: no DNS, no route, nothing listening. */
const UNREACHABLE_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH', 'ENETDOWN', 'ECONNREFUSED']);

const DEFAULT_TIMEOUT = 15_000;
const DEFAULT_MAX_BYTES = 64 * 1024 * 1024;

/**
 * Reads an OpenAPI description named in docs.json: a path inside the repository (`root`) or an
 * http(s) URL, with a timeout and a size limit. Paths that leave the root (`../`, absolute paths
 * elsewhere, symbolic links out) and other URL schemes are refused. Never throws.
 */
export async function readOpenApiSource(source: string, options: ReadOpenApiSourceOptions = {}): Promise<ReadOpenApiSourceResult> {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  if (/^https?:\/\//i.test(source)) return readUrl(source, options.timeoutMs ?? DEFAULT_TIMEOUT, maxBytes);
  if (/^[a-z][a-z0-9+.-]*:/i.test(source) && !/^[a-z]:[\\/]/i.test(source)) {
    return failure(
      source,
      'openapi/unsupported-scheme',
      `${source} is not an http(s) URL or a file of the repository; only those are read.`,
      'Use an https:// URL, or a path relative to the docs folder.',
    );
  }
  return readPath(source, path.resolve(options.root ?? process.cwd()), maxBytes);
}

async function readPath(source: string, root: string, maxBytes: number): Promise<ReadOpenApiSourceResult> {
  const target = path.resolve(root, source.replace(/^\/+/, ''));
  if (!inside(root, target)) {
    return failure(
      source,
      'openapi/outside-root',
      `${source} is outside the repository folder, so it is not read.`,
      'Keep OpenAPI files inside the docs folder, or reference them by URL.',
    );
  }
  try {
    const [realRoot, realTarget] = await Promise.all([realpath(root), realpath(target)]);
    if (!inside(realRoot, realTarget)) {
      return failure(
        source,
        'openapi/outside-root',
        `${source} is a link to a file outside the repository folder, so it is not read.`,
        'Copy the file into the docs folder instead of linking to it.',
      );
    }
    const info = await stat(realTarget);
    if (!info.isFile()) return failure(source, 'openapi/not-found', `${source} is not a file.`, 'Point at the OpenAPI file itself.');
    if (info.size > maxBytes)
      return failure(
        source,
        'openapi/too-large',
        `${source} is ${megabytes(info.size)}, over the limit of ${megabytes(maxBytes)}.`,
        'Raise the size limit if this description is expected to be this large.',
      );
    return { file: source, text: await readFile(realTarget, 'utf8'), diagnostics: [] };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return failure(
      source,
      'openapi/not-found',
      code === 'ENOENT' ? `${source} does not exist.` : `${source} cannot be read (${(error as Error).message}).`,
      'Check the path: it is relative to the folder that holds docs.json.',
    );
  }
}

async function readUrl(url: string, timeoutMs: number, maxBytes: number): Promise<ReadOpenApiSourceResult> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const response = await fetch(url, { signal: controller.signal, redirect: 'follow' });
    if (!response.ok)
      return failure(url, 'openapi/fetch-failed', `${url} answered ${response.status} ${response.statusText}.`, 'Check that the URL is public and correct.');
    const declared = Number(response.headers.get('content-length') ?? Number.NaN);
    if (declared > maxBytes) {
      await response.body?.cancel();
      return failure(
        url,
        'openapi/too-large',
        `${url} is ${megabytes(declared)}, over the limit of ${megabytes(maxBytes)}.`,
        'Raise the size limit if this description is expected to be this large.',
      );
    }
    const chunks: Uint8Array[] = [];
    let received = 0;
    const reader = response.body?.getReader();
    for (;;) {
      const chunk = reader ? await reader.read() : { done: true as const, value: undefined };
      if (chunk.done) break;
      received += chunk.value.byteLength;
      if (received > maxBytes) {
        await reader?.cancel();
        return failure(
          url,
          'openapi/too-large',
          `${url} sends more than ${megabytes(maxBytes)}.`,
          'Raise the size limit if this description is expected to be this large.',
        );
      }
      chunks.push(chunk.value);
    }
    return { file: url, text: new TextDecoder().decode(Buffer.concat(chunks)), diagnostics: [] };
  } catch (error) {
    const timedOut = controller.signal.aborted;
    const cause = causeCode(error);
    const result = failure(
      url,
      timedOut ? 'openapi/fetch-timeout' : 'openapi/fetch-failed',
      timedOut
        ? `${url} did not answer within ${timeoutMs / 1000} s.`
        : `${url} could not be fetched (${(error as Error).message}${cause === undefined ? '' : `: ${cause}`}).`,
      timedOut ? 'Check the URL, or raise the timeout.' : 'Check the URL and the network.',
    );
    return cause !== undefined && UNREACHABLE_CODES.has(cause) ? { ...result, unreachable: true } : result;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The system error code behind a failed fetch: undici wraps it in `cause`, and a host with several
 * addresses tried in turn gives an `AggregateError` whose errors share the code.
 */
function causeCode(error: unknown): string | undefined {
  const cause = (error as { cause?: { code?: unknown; errors?: Array<{ code?: unknown }> } }).cause;
  if (typeof cause?.code === 'string') return cause.code;
  const codes = new Set(cause?.errors?.map((inner) => inner.code));
  const [only] = codes;
  return codes.size === 1 && typeof only === 'string' ? only : undefined;
}

function inside(root: string, target: string): boolean {
  const relative = path.relative(root, target);
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
}

function failure(file: string, code: DiagnosticCode, message: string, hint: string): ReadOpenApiSourceResult {
  return { file, diagnostics: [{ code, severity: 'error', message, file, pointer: '', hint }] };
}

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}
