import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { parseSource } from '../openapi/source.js';
import { toPosix } from './paths.js';

/** What {@link placeInDocuments} returns. */
export interface PlacedInDocuments {
  diagnostics: Diagnostic[];
  /** Text of the documents now named by the diagnostics, for `formatDiagnostics`. */
  sources: Record<string, string>;
}

/**
 * Gives a line and column to diagnostics that name an OpenAPI document of the repository by its
 * source and a pointer only (`buildSite` works on page models, without the text), and names
 * the file relative to `cwd` as the other diagnostics do. Documents given by URL, and files that
 * cannot be read, leave their diagnostics as they are.
 */
export async function placeInDocuments(diagnostics: readonly Diagnostic[], options: { root: string; cwd: string }): Promise<PlacedInDocuments> {
  const sources: Record<string, string> = {};
  const texts = new Map<string, { name: string; text: string; locate: ReturnType<typeof parseSource>['locate'] } | undefined>();
  const placed: Diagnostic[] = [];
  for (const diagnostic of diagnostics) {
    if (diagnostic.line !== undefined || /^[a-z][a-z0-9+.-]*:/i.test(diagnostic.file)) {
      placed.push(diagnostic);
      continue;
    }
    if (!texts.has(diagnostic.file)) {
      const absolute = path.join(options.root, diagnostic.file.replace(/^\/+/, ''));
      const text = await readFile(absolute, 'utf8').catch(() => undefined);
      texts.set(
        diagnostic.file,
        text === undefined ? undefined : { name: toPosix(path.relative(options.cwd, absolute)), text, locate: parseSource(text).locate },
      );
    }
    const document = texts.get(diagnostic.file);
    // At the key: the member the pointer names (an operation) starts there, not at its first field.
    const position = document?.locate(diagnostic.pointer, diagnostic.pointer === '' ? 'value' : 'key');
    if (!document || !position) {
      placed.push(diagnostic);
      continue;
    }
    sources[document.name] = document.text;
    placed.push({ ...diagnostic, file: document.name, line: position.line, column: position.column });
  }
  return { diagnostics: placed, sources };
}
