import { isObject } from '../openapi/json.js';
import type { PlannedExtension } from './types.js';

/**
 * The vendor extension the page settings moved into a document are written in, and why: the one
 * the caller names; else the one the document already uses, `x-mint` first (the platform reads
 * only that one, so a document written for it stays readable there); else `x-quire`.
 */
export function chooseExtension(spec: string, root: unknown, named: string | undefined): PlannedExtension {
  if (named !== undefined) return { spec, extension: named, reason: 'option', why: 'named by the `extension` option (`--extension`)' };
  const uses = countExtensionKeys(root, ['x-mint', 'x-quire']);
  const mint = uses.get('x-mint') ?? 0;
  const quire = uses.get('x-quire') ?? 0;
  if (mint > 0)
    return {
      spec,
      extension: 'x-mint',
      reason: 'in-use',
      why: `the document already uses x-mint in ${places(mint)}${quire > 0 ? ` (and x-quire in ${places(quire)})` : ''}, and x-mint is what the platform reads`,
    };
  if (quire > 0) return { spec, extension: 'x-quire', reason: 'in-use', why: `the document already uses x-quire in ${places(quire)}, and no x-mint` };
  return {
    spec,
    extension: 'x-quire',
    reason: 'default',
    why: 'the document uses neither x-mint nor x-quire; the platform reads only x-mint, so for a site published there migrate with `--extension x-mint`',
  };
}

function places(count: number): string {
  return count === 1 ? '1 place' : `${count} places`;
}

/** How many objects of the document have each key, anywhere in it. */
function countExtensionKeys(root: unknown, keys: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  const stack: unknown[] = [root];
  // Shared values (YAML aliases) are counted once: a document can repeat one object many times.
  const seen = new Set<object>();
  while (stack.length) {
    const value = stack.pop();
    if (typeof value !== 'object' || value === null || seen.has(value)) continue;
    seen.add(value);
    if (Array.isArray(value)) {
      for (const item of value) stack.push(item);
      continue;
    }
    if (!isObject(value)) continue;
    for (const key of keys) if (Object.hasOwn(value, key)) counts.set(key, (counts.get(key) ?? 0) + 1);
    for (const key in value) stack.push(value[key]);
  }
  return counts;
}
