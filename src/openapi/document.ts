import type { Position } from '../diagnostics/line-index.js';
import { RefResolver } from './refs.js';
import type { JsonObject } from './json.js';
import type { OpenApiSpec } from './types.js';

/**
 * A loaded OpenAPI 3.0/3.1 description: the document as written, its file name, and what the
 * page builders need from it (positions for diagnostics, a shared reference resolver). Made by
 * `loadOpenApi`; read-only.
 */
export class OpenApiDocument {
  constructor(
    /** The file name diagnostics name, as the caller gave it. */
    readonly file: string,
    /** `3.0` or `3.1`, from the `openapi` field. */
    readonly version: '3.0' | '3.1',
    /** The OpenAPI object, exactly as parsed. */
    readonly spec: OpenApiSpec,
    private readonly locator?: (pointer: string, at?: 'key' | 'value') => Position | undefined,
    private resolver?: RefResolver,
  ) {}

  /** Line and column of the value (or key) at a JSON pointer, when the text is known. */
  locate(pointer: string, at?: 'key' | 'value'): Position | undefined {
    return this.locator?.(pointer, at);
  }

  private readonly memos = new Map<string, unknown>();

  /**
   * @internal The document as a plain object, for code that reads it without trusting its shape
   * (the typed `spec` describes a valid document; this one may be anything the loader accepted).
   */
  root(): JsonObject {
    return this.spec as unknown as JsonObject;
  }

  /** @internal A value computed once per document (operation lists, indexes). */
  memo<T>(key: string, compute: () => T): T {
    if (!this.memos.has(key)) this.memos.set(key, compute());
    return this.memos.get(key) as T;
  }

  /** @internal The document's reference resolver; dereferenced schemas are shared by every page built from it. */
  refs(): RefResolver {
    return (this.resolver ??= new RefResolver(this.spec));
  }
}
