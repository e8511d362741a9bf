/** A limit: at most `requests` in any `windowMs`. */
export interface RateLimit {
  requests: number;
  windowMs: number;
}

/** Whether a request may go on, and if not, in how many whole seconds it may (`Retry-After`). */
export type RateDecision = { ok: true } | { ok: false; retryAfterSeconds: number };

/** A sliding-window counter: whether a name may make a request now, and the record of one it made. */
export interface RateLimiter {
  check(name: string): RateDecision;
  /** Counts a request of `name` (one that was let through). */
  record(name: string): void;
}

/**
 * Counts requests per name (a key id, a client address) in a sliding window, in this process's
 * memory: each server of a deployment limits what it receives. Only requests let through count.
 * The oldest times are dropped as the window moves; a name with none left is forgotten, so that
 * the map holds only the callers of the last window.
 */
export function createRateLimiter(limit: RateLimit, now: () => number = Date.now): RateLimiter {
  const seen = new Map<string, number[]>();
  let lastSweep = now();
  const recent = (name: string, time: number): number[] => {
    const since = time - limit.windowMs;
    // Every window, the names that made no request in it are let go.
    if (time - lastSweep > limit.windowMs) {
      for (const [other, times] of seen) if ((times.at(-1) ?? 0) <= since) seen.delete(other);
      lastSweep = time;
    }
    const times = seen.get(name) ?? [];
    while (times.length > 0 && (times[0] as number) <= since) times.shift();
    return times;
  };
  return {
    check(name) {
      const time = now();
      const times = recent(name, time);
      if (times.length < limit.requests) return { ok: true };
      return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(((times[0] as number) + limit.windowMs - time) / 1000)) };
    },
    record(name) {
      const time = now();
      const times = recent(name, time);
      times.push(time);
      seen.set(name, times);
    },
  };
}
