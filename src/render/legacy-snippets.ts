/**
 * The legacy snippet include, `<Snippet file="get-help.mdx" />` (mem0, turso, agno, dittofeed):
 * the platform puts the snippet's content in its place, the file found by its name in the snippet
 * folders (`_snippets/get-help.mdx`), by the path written, or by the file name alone. Quire gives
 * the page the same content by making the include an import of that snippet, rendered where the
 * element was: the page's lines keep their numbers (the import is added after its last line), so
 * its heading ids and error places stay those of its file.
 */

import { legacySnippetFile } from '../content/rendered.js';

/** The element, alone on its line (as every use in the corpus is written), and its `file`. */
const INCLUDE = /^([ \t]*)<Snippet[ \t]+file=(?:"([^"]+)"|'([^']+)'|\{["']([^"']+)["']\})[ \t]*\/>[ \t]*$/;

/** A fence that opens or closes a code block (its indentation may be that of a component's children). */
const FENCE = /^[ \t]*(`{3,}|~{3,})/;

/** The name given to the import of the n-th include of a file. */
const importName = (index: number) => `QuireLegacySnippet${index}`;

/**
 * `text` (an MDX file) with each `<Snippet file>` outside code blocks that names a file of the
 * site made an import of it (see the module's comment); the text itself when it has none. An
 * include of a file the site does not hold stays as written (a placeholder names it).
 */
export function withLegacySnippets(text: string, files: ReadonlySet<string>): string {
  if (!text.includes('<Snippet')) return text;
  const lines = text.split('\n');
  const imports: string[] = [];
  let fence: string | undefined;
  for (const [index, line] of lines.entries()) {
    const marker = FENCE.exec(line)?.[1];
    if (marker !== undefined) {
      if (fence === undefined) fence = marker;
      else if (marker[0] === fence[0] && marker.length >= fence.length) fence = undefined;
      continue;
    }
    if (fence !== undefined) continue;
    const include = INCLUDE.exec(line);
    if (!include) continue;
    const file = legacySnippetFile(files, (include[2] ?? include[3] ?? include[4]) as string);
    if (file === undefined) continue;
    const name = importName(imports.length);
    imports.push(`import ${name} from ${JSON.stringify(`/${file}`)};`);
    lines[index] = `${include[1]}<${name} />`;
  }
  if (imports.length === 0) return text;
  return `${lines.join('\n')}\n\n${imports.join('\n')}\n`;
}
