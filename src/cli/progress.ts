import type { CliIo } from './command.js';

/** A progress line on a terminal. */
export interface Progress {
  /** Shows what is being done, with a count when known: `Reading pages 1,204/20,000`. */
  update(label: string, done?: number, total?: number): void;
  /** Clears the line; call before printing results. */
  done(): void;
}

const noProgress: Progress = { update() {}, done() {} };

/**
 * Progress on stderr, redrawn in place at most ten times a second per stage, only when stderr is a
 * terminal and `enabled` is not false (commands pass `false` for `--format json`); otherwise
 * a no-op, so that piped output and CI logs stay clean.
 */
export function createProgress(io: CliIo, options: { enabled?: boolean } = {}): Progress {
  if (options.enabled === false || io.stderr.isTTY !== true || io.env.CI) return noProgress;
  let last = 0;
  let lastLabel = '';
  let shown = false;
  return {
    update(label, done, total) {
      const now = Date.now();
      // A new stage is always shown (long synchronous work may follow); counts at most ten times a second.
      if (now - last < 100 && label === lastLabel) return;
      last = now;
      lastLabel = label;
      const count =
        done === undefined
          ? ''
          : total === undefined
            ? ` ${done.toLocaleString('en-US')}`
            : ` ${done.toLocaleString('en-US')}/${total.toLocaleString('en-US')}`;
      const columns = (io.stderr as { columns?: number }).columns ?? 80;
      io.stderr.write(`\r\u001b[2K${`${label}${count}`.slice(0, columns - 1)}`);
      shown = true;
    },
    done() {
      if (shown) io.stderr.write('\r\u001b[2K');
      shown = false;
    },
  };
}
