/** Narrowing helpers for values read from a document that has not been trusted yet. */

export type JsonObject = { [key: string]: unknown };

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function stringAt(object: JsonObject, key: string): string | undefined {
  const value = object[key];
  return typeof value === 'string' ? value : undefined;
}

export function objectAt(object: JsonObject, key: string): JsonObject | undefined {
  const value = object[key];
  return isObject(value) ? value : undefined;
}

export function arrayAt(object: JsonObject, key: string): unknown[] | undefined {
  const value = object[key];
  return Array.isArray(value) ? value : undefined;
}

/** Own enumerable entries, safe against `__proto__` keys that JSON.parse may create. */
export function entriesOf(object: JsonObject): Array<[string, unknown]> {
  return Object.entries(object);
}
