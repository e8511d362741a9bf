import { randomBytes } from 'node:crypto';

/** Crockford's base32 alphabet, the one ULIDs are written in. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const TIME_LENGTH = 10;
const RANDOM_LENGTH = 16;
const MAX_TIME = 2 ** 48 - 1;

/** A ULID: 26 characters, a 48-bit millisecond time then 80 random bits, sortable as text. */
export type Ulid = string;

/** Matches a canonical (upper-case) ULID; the first character caps the time at 2^48 - 1. */
const ULID_PATTERN = /^[0-7][0-9A-HJKMNP-TV-Z]{25}$/;

/** Whether `value` is a canonical, upper-case ULID. */
export function isUlid(value: string): boolean {
  return ULID_PATTERN.test(value);
}

function encodeTime(time: number): string {
  if (!Number.isInteger(time) || time < 0 || time > MAX_TIME) {
    throw new RangeError(`ULID time must be an integer between 0 and 2^48 - 1, got ${time}`);
  }
  let text = '';
  let rest = time;
  for (let index = 0; index < TIME_LENGTH; index += 1) {
    text = ALPHABET[rest % 32] + text;
    rest = Math.floor(rest / 32);
  }
  return text;
}

/** The millisecond time a ULID was made at. */
export function ulidTime(id: Ulid): number {
  let time = 0;
  for (const char of id.slice(0, TIME_LENGTH)) time = time * 32 + ALPHABET.indexOf(char);
  return time;
}

/**
 * The smallest ULID of the given millisecond: every ULID made at `time` or later sorts at or
 * after it, every earlier one before it. Used to turn date bounds into id bounds.
 */
export function lowestUlidAt(time: number): Ulid {
  return encodeTime(time) + '0'.repeat(RANDOM_LENGTH);
}

/**
 * The ULID right after `id` in sort order (the last digit plus one, carrying over); used to
 * keep ids increasing when the clock gives one that is not above the newest stored id.
 */
export function ulidAfter(id: Ulid): Ulid {
  const digits = [...id].map((char) => ALPHABET.indexOf(char));
  const next = increment(digits);
  if (next === undefined || next[0]! > 7) throw new RangeError('No ULID after the largest one');
  return next.map((digit) => ALPHABET[digit]).join('');
}

/**
 * The ULID of `time` whose 80 "random" bits are the first 10 bytes of `bytes` (a hash): the
 * same input gives the same id, which makes imports without ids idempotent.
 */
export function ulidFromBytes(time: number, bytes: Uint8Array): Ulid {
  let bits = 0n;
  for (let index = 0; index < 10; index += 1) bits = (bits << 8n) | BigInt(bytes[index] ?? 0);
  let random = '';
  for (let index = 0; index < RANDOM_LENGTH; index += 1) {
    random = ALPHABET[Number(bits & 31n)] + random;
    bits >>= 5n;
  }
  return encodeTime(time) + random;
}

/** Random part as 16 base32 digits (5 bits each). */
function randomDigits(): number[] {
  return [...randomBytes(RANDOM_LENGTH)].map((byte) => byte & 31);
}

/** Adds one to a base32 digit string; returns undefined on overflow. */
function increment(digits: readonly number[]): number[] | undefined {
  const next = [...digits];
  for (let index = next.length - 1; index >= 0; index -= 1) {
    if (next[index]! < 31) {
      next[index]! += 1;
      return next;
    }
    next[index] = 0;
  }
  return undefined;
}

/** Makes a ULID, for now or for a given millisecond; see {@link createUlidFactory}. */
export type UlidFactory = (time?: number) => Ulid;

/**
 * Returns a ULID generator that is monotonic: ids made in the same millisecond still sort in the
 * order they were made, by incrementing the random part of the previous id, and a clock that
 * steps back does not make ids go back. An explicit `time` older than the last id (a backdated
 * import) gets a fresh id of that millisecond instead. Each factory keeps its own state.
 */
export function createUlidFactory(now: () => number = Date.now): UlidFactory {
  let lastTime = -1;
  let lastRandom: number[] = [];
  const format = (time: number, digits: readonly number[]): Ulid => encodeTime(time) + digits.map((digit) => ALPHABET[digit]).join('');
  return (explicitTime) => {
    const time = explicitTime ?? now();
    if (time < lastTime && explicitTime !== undefined) return format(time, randomDigits());
    if (time > lastTime) {
      lastTime = time;
      lastRandom = randomDigits();
      return format(lastTime, lastRandom);
    }
    const next = increment(lastRandom);
    if (next === undefined) {
      // 2^80 ids in one millisecond: move on to the next millisecond instead of wrapping.
      lastTime += 1;
      lastRandom = randomDigits();
    } else {
      lastRandom = next;
    }
    return format(lastTime, lastRandom);
  };
}
