import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseDocsJson, type ParseDocsJsonResult } from '../config/parse-docs-json.js';
import { findNearestDocsJson } from './find-docs-json.js';
import { isDirectory, toPosix } from './paths.js';

/** Options of {@link loadDocsJson}. */
export interface LoadDocsJsonOptions {
  /** Folder that file names in diagnostics are relative to. Default `process.cwd()`. */
  cwd?: string;
  /** Report unknown keys outside `navigation` as errors. Default `false`. */
  strict?: boolean;
}

/** What {@link loadDocsJson} returns: the parse result plus where the file was found. */
export interface LoadDocsJsonResult extends ParseDocsJsonResult {
  /** Absolute path of the docs.json read (or looked for). */
  path: string;
}

/**
 * Reads `docs.json` from a site folder (or the file itself), follows its `$ref`s on disk within
 * that folder, and validates it. Never throws for a missing or unreadable file: that is a
 * diagnostic too. File names in diagnostics are relative to `cwd`, with `/` separators.
 */
export async function loadDocsJson(target: string, options: LoadDocsJsonOptions = {}): Promise<LoadDocsJsonResult> {
  const cwd = options.cwd ?? process.cwd();
  const absolute = path.resolve(cwd, target);
  const file = isDirectory(absolute) ? path.join(absolute, 'docs.json') : absolute;
  const name = toPosix(path.relative(cwd, file)) || 'docs.json';
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
    const reason = missing ? 'does not exist' : `cannot be read (${(error as Error).message})`;
    // In the wrong folder, the nearest docs.json below is most likely the site the user meant.
    const nearest = missing && file !== absolute && !existsSync(path.join(absolute, 'mint.json')) ? await findNearestDocsJson(absolute) : undefined;
    const suggestion = nearest === undefined ? '' : `; did you mean ${toPosix(path.relative(cwd, nearest)) || '.'}/?`;
    // A site still on the older configuration: `quire upgrade` writes the docs.json that means the same.
    const legacy = missing && existsSync(path.join(path.dirname(file), 'mint.json'));
    const folder = toPosix(path.relative(cwd, path.dirname(file))) || '.';
    const hint = legacy
      ? `The folder has a mint.json, the platform's older configuration: \`quire upgrade ${folder}\` writes the docs.json that means the same.`
      : nearest === undefined
        ? 'Run the command in the folder that holds docs.json, or pass that folder.'
        : `Pass the folder that holds docs.json: ${toPosix(path.relative(cwd, nearest))}/.`;
    return {
      config: undefined,
      diagnostics: [
        { code: 'config/not-found', severity: 'error', message: `${name} ${reason}${suggestion}${suggestion ? '' : '.'}`, file: name, pointer: '', hint },
      ],
      sources: {},
      locate: (pointer) => ({ file: name, pointer }),
      path: file,
    };
  }
  const readReferenced = (reference: string): string | undefined => {
    try {
      return readFileSync(path.resolve(cwd, reference), 'utf8');
    } catch {
      return undefined;
    }
  };
  const result = parseDocsJson(text, { file: name, readFile: readReferenced, strict: options.strict ?? false });
  return { ...result, path: file };
}
