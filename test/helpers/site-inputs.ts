import { readFileSync } from 'node:fs';
import path from 'node:path';
import fastGlob from 'fast-glob';
import type { FileContent, SiteInputs } from '../../src/site/types.js';

/** Files the compiler reads the content of: pages and snippets, docs.json and what it names, `.mintignore`, OpenAPI documents. */
export function readsContent(file: string): boolean {
  return /\.(mdx?|json|ya?ml)$/i.test(file) || file === '.mintignore';
}

/**
 * A site folder as a build plugin would hand it to `compileSite`: every file listed, the content
 * of those Quire reads, and the repository's OpenAPI files found by their first lines. The
 * compiler itself reads nothing.
 */
export function siteInputsOf(folder: string): { files: string[]; texts: Map<string, FileContent>; openApiFiles: string[] } {
  const files = fastGlob
    .sync(['**/*'], { cwd: folder, ignore: ['**/node_modules/**', '**/.git/**', '.quire/**'], dot: true, followSymbolicLinks: false })
    .sort();
  const texts = new Map<string, FileContent>();
  for (const file of files)
    if (readsContent(file))
      texts.set(file, /\.mdx?$/i.test(file) ? new Uint8Array(readFileSync(path.join(folder, file))) : readFileSync(path.join(folder, file), 'utf8'));
  return { files, texts, openApiFiles: openApiFilesOf(texts) };
}

/** The JSON and YAML files whose top level declares `openapi: 3.x`. */
export function openApiFilesOf(texts: ReadonlyMap<string, FileContent>): string[] {
  const found: string[] = [];
  for (const [file, content] of texts) {
    if (typeof content !== 'string' || !/\.(json|ya?ml)$/i.test(file) || file === 'docs.json' || /(^|\/)(package(-lock)?|tsconfig[^/]*)\.json$/.test(file))
      continue;
    if (/\.json$/i.test(file) ? /"openapi"\s*:\s*"3\./.test(content) : /^["']?openapi["']?[ \t]*:[ \t]*["']?3\./m.test(content)) found.push(file);
  }
  return found.sort();
}

/** Everything `inputs` gives, as one `SiteInputs`. */
export function asInputs(inputs: { files: string[]; texts: Map<string, FileContent>; openApiFiles: string[] }): SiteInputs {
  return { files: inputs.files, texts: inputs.texts, openApiFiles: inputs.openApiFiles };
}
