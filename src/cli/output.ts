import type { CliIo } from './command.js';

/** Whether to colour output: on a terminal, unless NO_COLOR is set; FORCE_COLOR forces it. */
export function useColor(io: CliIo, stream: CliIo['stdout'] = io.stdout): boolean {
  if (io.env.NO_COLOR) return false;
  if (io.env.FORCE_COLOR && io.env.FORCE_COLOR !== '0') return true;
  return stream.isTTY === true;
}

/** `1 error`, `3 warnings`. */
export function plural(count: number, noun: string): string {
  return `${count.toLocaleString('en-US')} ${noun}${count === 1 ? '' : 's'}`;
}
