/** Narrowing helpers for values read from a document that has not been trusted yet. */

export type JsonObject = { [key: string]: unknown };

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The items of a list in an array of exactly their number. An array grown by `push` or made by
 * `filter` keeps room for 16 or more items; models keep many short lists, so the room adds up
 * (about 120 bytes a list).
 */
export function fitted<T>(list: T[]): T[] {
  return list.slice();
}
