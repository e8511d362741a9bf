import type { Locate } from '../config/parse-docs-json.js';
import { offsetsInJson, valueEnd } from '../json/text.js';
import type { RewrittenEntry } from './types.js';
import { applySplices, type Splice } from './splice.js';

/**
 * New text of each navigation file (docs.json, or a file it includes) with `pages` entries
 * replaced: only the string of each entry changes, so indentation and everything else stay.
 * Returns `undefined` when an entry is not where the parser said (it never should be).
 */
export function rewriteEntries(
  entries: readonly { pointer: string; from: string; to: string }[],
  locate: Locate,
  texts: ReadonlyMap<string, string>,
): { files: Map<string, string>; rewritten: Map<string, RewrittenEntry> } | undefined {
  const splices = new Map<string, Splice[]>();
  const rewritten = new Map<string, RewrittenEntry>();
  const places = entries.map((entry) => locate(entry.pointer));
  // Where every entry starts, one pass over each file.
  const offsets = new Map<string, Map<string, number>>();
  for (const file of new Set(places.map((place) => place.file))) {
    const source = texts.get(file);
    if (source === undefined) return undefined;
    offsets.set(
      file,
      offsetsInJson(
        withoutBom(source),
        places.filter((place) => place.file === file).map((place) => place.pointer),
      ),
    );
  }
  for (const [index, entry] of entries.entries()) {
    const place = places[index] as ReturnType<Locate>;
    const text = withoutBom(texts.get(place.file) as string);
    const start = offsets.get(place.file)?.get(place.pointer) ?? -1;
    const end = text[start] === '"' ? valueEnd(text, start) : start;
    if (start < 0 || end === start || JSON.parse(text.slice(start, end)) !== entry.from) return undefined;
    const list = splices.get(place.file) ?? [];
    // A file included twice shows the same entry twice: one edit.
    if (!list.some((splice) => splice.start === start)) list.push({ start, end, text: JSON.stringify(entry.to) });
    splices.set(place.file, list);
    rewritten.set(entry.pointer, { file: place.file, pointer: place.pointer, from: entry.from, to: entry.to });
  }
  const files = new Map<string, string>();
  for (const [file, list] of splices) {
    const source = texts.get(file) as string;
    const bom = source.length !== withoutBom(source).length ? '\uFEFF' : '';
    files.set(file, bom + applySplices(withoutBom(source), list));
  }
  return { files, rewritten };
}

function withoutBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}
