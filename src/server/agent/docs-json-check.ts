import { formatDiagnostics, parseDocsJson } from '../../index.js';
import type { DocsJsonCheck } from './file-tools.js';
import { resolveWorkspacePath, type Workspace } from '../workspace/workspace.js';

/** Files docs.json may pull in with `$ref`; they are preloaded because the parser reads synchronously. */
const REFERENCED_FILE = /\.(json|ya?ml)$/i;
const MAX_PRELOADED_FILES = 500;

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
 * Builds the agent's docs.json check from a parser with the signature of `parseDocsJson`: errors
 * block the commit, warnings do not. Each problem comes back compiler-style, with a code frame
 * and the hint, which is what the model needs to fix it.
 */
export function createDocsJsonCheck(parse: typeof parseDocsJson): DocsJsonCheck {
  return async (workspace, text) => {
    const files = await preloadReferencedFiles(workspace);
    const readFile = (path: string) => {
      try {
        return files.get(resolveWorkspacePath(path));
      } catch {
        return undefined;
      }
    };
    const { diagnostics, sources } = parse(text, { file: 'docs.json', readFile });
    const errors = diagnostics.filter((diagnostic) => diagnostic.severity === 'error');
    return errors.length === 0 ? [] : formatDiagnostics(errors, sources).trimEnd().split('\n\n');
  };
}

/** The check the agent runs by default: the package's own `parseDocsJson`. */
export const checkDocsJsonWithParser: DocsJsonCheck = createDocsJsonCheck(parseDocsJson);
