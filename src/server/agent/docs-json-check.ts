import type { DocsJsonCheck } from './file-tools.js';
import { resolveWorkspacePath, type Workspace } from './workspace.js';

/** A problem as `parseDocsJson` reports it (the fields the agent shows). */
export interface DocsJsonDiagnostic {
  code: string;
  severity: 'error' | 'warning';
  message: string;
  file: string;
  pointer: string;
  line?: number;
  column?: number;
  hint?: string;
}

/** The signature of `parseDocsJson` from the package's core. */
export type ParseDocsJson = (
  source: string | unknown,
  options?: { file?: string; strict?: boolean; readFile?: (path: string) => string | undefined },
) => { config: unknown; diagnostics: DocsJsonDiagnostic[] };

/** Files that docs.json may pull in (`$ref`, OpenAPI specs) and that are preloaded for it. */
const REFERENCED_FILE = /\.(json|ya?ml)$/i;
const MAX_PRELOADED_FILES = 500;

/** One diagnostic as a compiler-style line: `docs.json:3:7 error code message (hint)`. */
export function formatDiagnostic(diagnostic: DocsJsonDiagnostic): string {
  const where = [diagnostic.file, diagnostic.line, diagnostic.column].filter((part) => part !== undefined).join(':');
  const hint = diagnostic.hint ? ` (hint: ${diagnostic.hint})` : '';
  return `${where} ${diagnostic.severity} ${diagnostic.code} ${diagnostic.message} [at ${diagnostic.pointer || '/'}]${hint}`;
}

async function preloadReferencedFiles(workspace: Workspace): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  const entries = (await workspace.listFiles()).filter((entry) => REFERENCED_FILE.test(entry.path)).slice(0, MAX_PRELOADED_FILES);
  for (const entry of entries) {
    const text = await workspace.readFile(entry.path);
    if (text !== undefined) files.set(entry.path, text);
  }
  return files;
}

/**
 * Turns `parseDocsJson` into the agent's check: errors block the commit, warnings do not. The
 * parser reads files synchronously, so the repository's JSON and YAML files are loaded first.
 */
export function createDocsJsonCheck(parse: ParseDocsJson): DocsJsonCheck {
  return async (workspace, text) => {
    const files = await preloadReferencedFiles(workspace);
    const readFile = (path: string) => {
      try {
        return files.get(resolveWorkspacePath(path));
      } catch {
        return undefined;
      }
    };
    const { diagnostics } = parse(text, { file: 'docs.json', readFile });
    return diagnostics.filter((diagnostic) => diagnostic.severity === 'error').map(formatDiagnostic);
  };
}
