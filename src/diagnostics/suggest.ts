/**
 * Edit distance with adjacent transpositions (optimal string alignment), case-insensitive,
 * stopping early once the distance exceeds `limit`.
 */
export function editDistance(a: string, b: string, limit = Number.POSITIVE_INFINITY): number {
  let left = a.toLowerCase();
  let right = b.toLowerCase();
  if (Math.abs(left.length - right.length) > limit) return limit + 1;
  // What the two share at either end costs nothing, and paths share most of it (`snippets/en/...`):
  // only the middle is compared.
  let start = 0;
  while (start < left.length && start < right.length && left[start] === right[start]) start++;
  let end = 0;
  while (end < left.length - start && end < right.length - start && left[left.length - 1 - end] === right[right.length - 1 - end]) end++;
  left = left.slice(start, left.length - end);
  right = right.slice(start, right.length - end);
  let previousPrevious: number[] = [];
  let previous = Array.from({ length: right.length + 1 }, (_, index) => index);
  for (let i = 1; i <= left.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= right.length; j++) {
      const cost = left[i - 1] === right[j - 1] ? 0 : 1;
      let value = Math.min((previous[j] as number) + 1, (current[j - 1] as number) + 1, (previous[j - 1] as number) + cost);
      if (i > 1 && j > 1 && left[i - 1] === right[j - 2] && left[i - 2] === right[j - 1]) {
        value = Math.min(value, (previousPrevious[j - 2] as number) + 1);
      }
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > limit) return limit + 1;
    previousPrevious = previous;
    previous = current;
  }
  return previous[right.length] as number;
}

/**
 * The candidates the user most likely meant by `input`, best first: a case-only difference,
 * then small edit distances (about one edit per three characters), then a long shared prefix,
 * then a candidate that contains the input or is contained in it.
 */
export function didYouMean(input: string, candidates: Iterable<string>, max = 3): string[] {
  return rank(input, candidates, true).slice(0, max);
}

/**
 * The candidates `input` is a near miss of, best first: the input is then almost certainly a
 * typo of one of them, not a name of its own. A near miss differs from a candidate
 *
 * - only in letter case (`Expanded`), or
 * - by at most one edit (insertion, deletion, substitution, swap of neighbours) per three
 *   characters of the input, at least one and at most three (`pagess`, `grups`, `hiden`), or
 * - after a shared prefix of at least five characters and 60% of the shorter name
 *   (`expandable` for `expanded`).
 *
 * Containment alone (`iconType` holds `icon`) is not a near miss: such keys are usually names of
 * their own, so {@link didYouMean} offers them but callers should not treat them as typos.
 */
export function nearMisses(input: string, candidates: Iterable<string>, max = 3): string[] {
  return rank(input, candidates, false).slice(0, max);
}

function rank(input: string, candidates: Iterable<string>, withContainment: boolean): string[] {
  const limit = Math.max(1, Math.min(3, Math.floor(input.length / 3)));
  const scored: Array<{ candidate: string; score: number }> = [];
  const lowered = input.toLowerCase();
  for (const candidate of candidates) {
    if (candidate === input) continue;
    const other = candidate.toLowerCase();
    if (other === lowered) {
      scored.push({ candidate, score: 0 });
      continue;
    }
    const distance = Math.abs(other.length - lowered.length) > limit || bagDistance(lowered, other) > limit ? limit + 1 : editDistance(lowered, other, limit);
    if (distance <= limit) scored.push({ candidate, score: distance });
    else if (sharedPrefix(lowered, other) >= Math.max(5, Math.ceil(0.6 * Math.min(lowered.length, other.length)))) {
      scored.push({ candidate, score: limit + 0.25 });
    } else if (withContainment && lowered.length >= 3 && other.length >= 3 && (other.includes(lowered) || lowered.includes(other))) {
      scored.push({ candidate, score: limit + 0.5 });
    }
  }
  scored.sort((x, y) => x.score - y.score || x.candidate.localeCompare(y.candidate));
  return scored.map((entry) => entry.candidate);
}

/** `Did you mean "x"?` or `Did you mean "x" or "y"?`, or `undefined` without suggestions. */
export function didYouMeanText(suggestions: readonly string[]): string | undefined {
  if (suggestions.length === 0) return undefined;
  const quoted = suggestions.map((suggestion) => `"${suggestion}"`);
  const last = quoted.pop() as string;
  return `Did you mean ${quoted.length ? `${quoted.join(', ')} or ${last}` : last}?`;
}

/** Counts of UTF-16 code units, all zero between two calls of {@link bagDistance}. */
const tally = new Int32Array(65536);

/**
 * A lower bound of {@link editDistance}, cheap enough to try on every candidate first: the
 * characters one name has more of than the other, counted with repeats (an insertion, deletion or
 * substitution changes that by at most one, a swap not at all). A broken link on a site of 25,000
 * pages is compared with all of them: without it, did-you-mean took 13 of the 24 s of a warm
 * `quire validate` on the generated bench site.
 */
function bagDistance(left: string, right: string): number {
  for (let index = 0; index < left.length; index++) tally[left.charCodeAt(index)]!++;
  for (let index = 0; index < right.length; index++) tally[right.charCodeAt(index)]!--;
  let more = 0;
  let fewer = 0;
  for (const name of [left, right]) {
    for (let index = 0; index < name.length; index++) {
      const code = name.charCodeAt(index);
      const count = tally[code]!;
      if (count > 0) more += count;
      else fewer -= count;
      tally[code] = 0;
    }
  }
  return Math.max(more, fewer);
}

function sharedPrefix(left: string, right: string): number {
  let length = 0;
  while (length < left.length && length < right.length && left[length] === right[length]) length++;
  return length;
}
