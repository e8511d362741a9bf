/**
 * Page paths by hash: the page index's `byPath`, and the set of paths the page files serve.
 * A site lists tens of thousands of pages, and a `Map` of that size cost more than the rest of
 * resolving together (40,000 inserts: 7-10 ms of CPU, against 1-2 ms here), because every insert
 * goes through the engine's runtime and its table is traced by the garbage collector. This is
 * open addressing over typed arrays, which the collector never walks, with a hash that the caller
 * usually has already (`plainPagePathHash` computes it in the pass that checks the path).
 */
abstract class PathTable {
  /** Entry number + 1 at each slot, 0 where free. */
  private slots: Int32Array;
  /** Hash of each entry, to compare before the strings and to grow without hashing again. */
  private hashes: Int32Array;
  private count = 0;

  /** `expected`: how many paths the table will likely hold (it grows past that as needed). */
  constructor(expected = 512) {
    let capacity = 1024;
    while (capacity < expected * 2) capacity *= 2;
    this.slots = new Int32Array(capacity);
    this.hashes = new Int32Array(capacity / 2);
  }

  get size(): number {
    return this.count;
  }

  /** The entry number of `path`, or -1. `hash` is `hashPath(path)`. */
  entryOf(path: string, hash: number = hashPath(path)): number {
    const mask = this.slots.length - 1;
    for (let slot = hash & mask, at = this.slots[slot] as number; at !== 0; slot = (slot + 1) & mask, at = this.slots[slot] as number) {
      if (this.hashes[at - 1] === hash && this.keyAt(at - 1) === path) return at - 1;
    }
    return -1;
  }

  /**
   * The entry number of `text.slice(0, length)`, or -1, without making that string unless an
   * entry has the same hash (to compare them). `hash` is `hashPrefix(text, length)`.
   */
  entryOfPrefix(text: string, length: number, hash: number): number {
    const mask = this.slots.length - 1;
    for (let slot = hash & mask, at = this.slots[slot] as number; at !== 0; slot = (slot + 1) & mask, at = this.slots[slot] as number) {
      if (this.hashes[at - 1] !== hash) continue;
      const key = this.keyAt(at - 1);
      if (key.length === length && key === (length === text.length ? text : text.slice(0, length))) return at - 1;
    }
    return -1;
  }

  /** The hash of an entry's path. */
  hashAt(entry: number): number {
    return this.hashes[entry] as number;
  }

  /** The path of an entry. */
  protected abstract keyAt(entry: number): string;

  /**
   * Adds `path` unless it is there already; returns its entry number either way. A new entry is
   * number `size - 1`, whose path the subclass records before the next call.
   */
  protected insert(path: string, hash: number): number {
    const mask = this.slots.length - 1;
    let slot = hash & mask;
    for (let at = this.slots[slot] as number; at !== 0; at = this.slots[slot] as number) {
      if (this.hashes[at - 1] === hash && this.keyAt(at - 1) === path) return at - 1;
      slot = (slot + 1) & mask;
    }
    const entry = this.count++;
    if (entry === this.hashes.length) this.hashes = grow(this.hashes, entry * 2);
    this.hashes[entry] = hash;
    this.slots[slot] = entry + 1;
    // At most half full, so that probes stay short.
    if (this.count * 2 > this.slots.length) this.rehash(this.slots.length * 2);
    return entry;
  }

  private rehash(capacity: number): void {
    const slots = new Int32Array(capacity);
    const mask = capacity - 1;
    for (let entry = 0; entry < this.count; entry++) {
      let slot = (this.hashes[entry] as number) & mask;
      while (slots[slot] !== 0) slot = (slot + 1) & mask;
      slots[slot] = entry + 1;
    }
    this.slots = slots;
  }
}

/** A set of page paths. */
export class PathSet extends PathTable {
  private readonly paths: string[] = [];

  /** Adds a path; `hash` is `hashPath(path)`. */
  add(path: string, hash: number = hashPath(path)): void {
    if (this.insert(path, hash) === this.paths.length) this.paths.push(path);
  }

  has(path: string, hash?: number): boolean {
    return this.entryOf(path, hash) !== -1;
  }

  protected keyAt(entry: number): string {
    return this.paths[entry] as string;
  }
}

/**
 * The first of a list of values for each of their paths, in the list's order; reads like any
 * `ReadonlyMap`. It holds the list and the index of each path's first value in it, nothing more.
 */
export class PathIndex<T extends { readonly path: string }> extends PathTable implements ReadonlyMap<string, T> {
  /** Index in `list` of the first value of each entry. */
  private firsts: Int32Array;
  /** The path of each entry, while {@link withPathsAtHand} runs. */
  private paths: string[] | undefined;

  /**
   * `list` is read, never written: it may grow after values are added. `expected`: how many
   * values will likely be added (the tables grow past that as needed).
   */
  constructor(
    private readonly list: readonly T[],
    expected = 512,
  ) {
    super(expected);
    this.firsts = new Int32Array(Math.max(512, expected));
  }

  get [Symbol.toStringTag](): string {
    return 'PathIndex';
  }

  /**
   * Adds `list[index]` under its path unless the path is there already, and returns the entry
   * number of the path (`size` grows when it is new). `hash` is `hashPath` of the path.
   */
  add(index: number, hash: number): number {
    const size = this.size;
    const entry = this.insert((this.list[index] as T).path, hash);
    if (this.size !== size) {
      if (entry === this.firsts.length) this.firsts = grow(this.firsts, entry * 2);
      this.firsts[entry] = index;
    }
    return entry;
  }

  /** The first value of an entry. */
  at(entry: number): T {
    return this.list[this.firsts[entry] as number] as T;
  }

  get(path: string): T | undefined {
    const entry = this.entryOf(path);
    return entry === -1 ? undefined : this.at(entry);
  }

  has(path: string): boolean {
    return this.entryOf(path) !== -1;
  }

  forEach(callback: (value: T, key: string, map: ReadonlyMap<string, T>) => void, thisArg?: unknown): void {
    for (let entry = 0; entry < this.size; entry++) {
      const value = this.at(entry);
      callback.call(thisArg, value, value.path, this);
    }
  }

  *entries(): MapIterator<[string, T]> {
    for (let entry = 0; entry < this.size; entry++) {
      const value = this.at(entry);
      yield [value.path, value];
    }
  }

  *keys(): MapIterator<string> {
    for (let entry = 0; entry < this.size; entry++) yield this.at(entry).path;
  }

  *values(): MapIterator<T> {
    for (let entry = 0; entry < this.size; entry++) yield this.at(entry);
  }

  [Symbol.iterator](): MapIterator<[string, T]> {
    return this.entries();
  }

  /**
   * Runs `task` with the path of every entry held in one array. A lookup that finds its hash
   * compares paths, and the path of a value is three dependent loads away (first index, value,
   * path), each likely a cache miss when thousands of lookups land at random entries; made in
   * entry order (the values' order in the list, and so in memory), the array costs one pass and
   * leaves one load per comparison. For the many lookups of a site's page files.
   */
  withPathsAtHand<R>(task: () => R): R {
    const paths = new Array<string>(this.size);
    for (let entry = 0; entry < paths.length; entry++) paths[entry] = this.at(entry).path;
    this.paths = paths;
    try {
      return task();
    } finally {
      this.paths = undefined;
    }
  }

  protected keyAt(entry: number): string {
    const paths = this.paths;
    return paths !== undefined && entry < paths.length ? (paths[entry] as string) : this.at(entry).path;
  }
}

/** A copy of `array` with room for `length` numbers. */
export function grow(array: Int32Array, length: number): Int32Array {
  const grown = new Int32Array(length);
  grown.set(array);
  return grown;
}

// A path is hashed two characters at a time: the pair is packed into one 32-bit word (the
// second character in the high half) and mixed in with one multiplication, so the chain of
// multiplications that each step waits on is half as long as with one character per step; the
// final mix spreads the high bits over the low ones that pick a slot.

/** Where the running hash starts (the FNV-1a offset basis). */
export const HASH_START = 0x811c9dc5 | 0;

/** Mixes a pair of character codes (`first | second << 16`), or a last single one, into a running hash. */
export function mixHash(hash: number, pair: number): number {
  return Math.imul(hash ^ pair, 0x9e3779b1);
}

/** Mixes in the length and spreads the bits over the low ones that pick a slot, as a non-negative small integer. */
export function finishHash(hash: number, length: number): number {
  let mixed = hash ^ length;
  mixed ^= mixed >>> 16;
  mixed = Math.imul(mixed, 0x85ebca6b);
  mixed ^= mixed >>> 13;
  mixed = Math.imul(mixed, 0xc2b2ae35);
  mixed ^= mixed >>> 16;
  return mixed & 0x7fffffff;
}

/** The hash of a path, as the tables expect it. */
export function hashPath(path: string): number {
  return hashPrefix(path, path.length);
}

/** `hashPath(text.slice(0, length))`, without making that string. */
export function hashPrefix(text: string, length: number): number {
  let hash = HASH_START;
  let index = 0;
  for (; index + 1 < length; index += 2) hash = mixHash(hash, text.charCodeAt(index) | (text.charCodeAt(index + 1) << 16));
  if (index < length) hash = mixHash(hash, text.charCodeAt(index));
  return finishHash(hash, length);
}
