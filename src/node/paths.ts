import { statSync } from 'node:fs';
import path from 'node:path';

/** A file name with `/` separators, as diagnostics and page paths write them on every system. */
export function toPosix(file: string): string {
  return file.split(path.sep).join('/');
}

/** Whether `target` is a folder (following links); false when it does not exist. */
export function isDirectory(target: string): boolean {
  try {
    return statSync(target).isDirectory();
  } catch {
    return false;
  }
}

/** Whether `target` is a file (following links); false when it does not exist. */
export function isFile(target: string): boolean {
  try {
    return statSync(target).isFile();
  } catch {
    return false;
  }
}
