import { describe, expect, it } from 'vitest';
import { createUlidFactory, isUlid, ulidTime } from '../../src/server/index.js';
import { lowestUlidAt } from '../../src/server/ulid.js';

describe('ULIDs', () => {
  it('encode their millisecond and sort by it', () => {
    const next = createUlidFactory();
    const id = next(1_700_000_000_123);
    expect(isUlid(id)).toBe(true);
    expect(ulidTime(id)).toBe(1_700_000_000_123);
    expect(next(1_700_000_000_124) > id).toBe(true);
    expect(lowestUlidAt(1_700_000_000_123) <= id).toBe(true);
    expect(lowestUlidAt(1_700_000_000_124) > id).toBe(true);
  });

  it('are monotonic within a millisecond and when the clock steps back', () => {
    let clock = 1_000;
    const next = createUlidFactory(() => clock);
    const ids = Array.from({ length: 1000 }, () => next());
    clock = 900;
    ids.push(next(), next());
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ulidTime(ids.at(-1)!)).toBe(1_000);
  });

  it('give a backdated explicit time its own millisecond', () => {
    const next = createUlidFactory(() => 5_000);
    next();
    expect(ulidTime(next(1_000))).toBe(1_000);
  });

  it('are recognised only in canonical form', () => {
    const id = createUlidFactory()();
    expect(isUlid(id.toLowerCase())).toBe(false);
    expect(isUlid(`${id}0`)).toBe(false);
    expect(isUlid(id.replace(/^./, '8'))).toBe(false);
    expect(isUlid(id.replace(/.$/, 'U'))).toBe(false);
  });
});
