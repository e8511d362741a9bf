import { createDocsJsonCheck, type ParseDocsJson } from '../../src/server/agent/docs-json-check.js';

// PROVISIONAL until parseDocsJson lands on main: JSON syntax only. Replaced in the merge commit.
const parseJsonSyntax: ParseDocsJson = (source) => {
  try {
    return { config: JSON.parse(String(source)) as unknown, diagnostics: [] };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { config: undefined, diagnostics: [{ code: 'json/syntax', severity: 'error', message, file: 'docs.json', pointer: '' }] };
  }
};

/** The agent's docs.json check as the tests use it. */
export const checkDocsJson = createDocsJsonCheck(parseJsonSyntax);
