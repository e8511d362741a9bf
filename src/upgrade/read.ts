/** A plain JSON object. */
export type JsonObject = Record<string, unknown>;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A non-empty string, or undefined. */
export function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** True for an absolute http(s) URL: a link that leaves the site rather than a path prefix. */
export function isExternalUrl(value: string | undefined): boolean {
  return value !== undefined && /^https?:\/\//i.test(value);
}

/** A path prefix without leading or trailing slashes (`/api/` → `api`). */
export function trimSlashes(value: string): string {
  return value.replace(/^\/+|\/+$/g, '');
}

/** True when `page` lies under the URL prefix `prefix` (whole segments: `api` holds `api/x`, not `apis/x`). */
export function underPrefix(page: string, prefix: string): boolean {
  const folder = trimSlashes(prefix);
  if (folder === '') return true;
  const path = trimSlashes(page);
  return path === folder || path.startsWith(`${folder}/`);
}
