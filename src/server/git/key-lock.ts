/**
 * Runs tasks one at a time per key (e.g. per branch), in the order they asked; tasks under
 * different keys run concurrently. Holds no state beyond the instance.
 */
export class KeyedLock {
  private tails = new Map<string, Promise<void>>();

  /** Waits for the key to be free and returns the function that frees it again. */
  async acquire(key: string): Promise<() => void> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const tail = previous.then(() => released);
    this.tails.set(key, tail);
    await previous;
    return () => {
      release();
      if (this.tails.get(key) === tail) this.tails.delete(key);
    };
  }

  /** Runs `task` while holding the key. */
  async run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const release = await this.acquire(key);
    try {
      return await task();
    } finally {
      release();
    }
  }
}
