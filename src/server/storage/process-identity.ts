import { readFile } from 'node:fs/promises';
import { hostname } from 'node:os';

/**
 * A process as a lock file records it. The pid alone does not name a process for long: after a
 * `kill -9` or a container restart the system hands the same pid to another process (in a
 * container, `quire serve` is often pid 1 every time). The boot and the start time, where the
 * system tells them (Linux's /proc), tell that other process from the one that wrote the lock.
 */
export interface ProcessIdentity {
  pid: number;
  /** The machine's name: a pid from another machine (or container) cannot be checked here. */
  host?: string;
  /** The kernel's id of this boot (Linux). */
  bootId?: string;
  /** When the process started, in clock ticks since boot (Linux, /proc/<pid>/stat field 22). */
  startTicks?: string;
}

/** Whether process `pid` runs on this machine (EPERM: it does, under another user). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function bootId(): Promise<string | undefined> {
  return (await readFile('/proc/sys/kernel/random/boot_id', 'utf8').catch(() => undefined))?.trim() || undefined;
}

/** Start time of `pid` in ticks since boot, where /proc has it. */
async function startTicks(pid: number): Promise<string | undefined> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => undefined);
  if (stat === undefined) return undefined;
  // The command name (field 2) is in parentheses and may hold spaces and parentheses itself.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Fields after the name start at field 3 (state); the start time is field 22.
  const ticks = fields[22 - 3];
  return ticks !== undefined && /^\d+$/.test(ticks) ? ticks : undefined;
}

/** This process, as a lock records it. */
export async function currentProcess(): Promise<ProcessIdentity> {
  const [boot, start] = await Promise.all([bootId(), startTicks(process.pid)]);
  return {
    pid: process.pid,
    host: hostname(),
    ...(boot !== undefined ? { bootId: boot } : {}),
    ...(start !== undefined ? { startTicks: start } : {}),
  };
}

/**
 * Whether the process a lock names still runs: `'gone'` when it surely does not (no such pid, or
 * the pid now belongs to a process started later or in another boot), `'running'` when it does
 * or cannot be told apart from one that does, `'elsewhere'` when it was on another machine.
 */
export async function processState(recorded: ProcessIdentity): Promise<'running' | 'gone' | 'elsewhere'> {
  if (recorded.host !== undefined && recorded.host !== hostname()) return 'elsewhere';
  if (!isAlive(recorded.pid)) return 'gone';
  if (recorded.bootId !== undefined) {
    const boot = await bootId();
    if (boot !== undefined && boot !== recorded.bootId) return 'gone';
  }
  if (recorded.startTicks !== undefined) {
    const start = await startTicks(recorded.pid);
    if (start !== undefined && start !== recorded.startTicks) return 'gone';
  }
  return 'running';
}

/** Reads what {@link formatProcessIdentity} wrote, or a bare pid (what older versions wrote). */
export function parseProcessIdentity(text: string): ProcessIdentity | undefined {
  const trimmed = text.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) > 0 ? { pid: Number(trimmed) } : undefined;
  try {
    const value = JSON.parse(trimmed) as Partial<Record<keyof ProcessIdentity, unknown>>;
    if (typeof value.pid !== 'number' || !Number.isInteger(value.pid) || value.pid <= 0) return undefined;
    return {
      pid: value.pid,
      ...(typeof value.host === 'string' ? { host: value.host } : {}),
      ...(typeof value.bootId === 'string' ? { bootId: value.bootId } : {}),
      ...(typeof value.startTicks === 'string' ? { startTicks: value.startTicks } : {}),
    };
  } catch {
    return undefined;
  }
}

/** One line of JSON, for a lock file. */
export function formatProcessIdentity(identity: ProcessIdentity): string {
  return `${JSON.stringify(identity)}\n`;
}
