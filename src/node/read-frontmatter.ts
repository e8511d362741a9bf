import { open } from 'node:fs/promises';

const CHUNK = 4096;
/** Frontmatter larger than this is not read further (no real page has one). */
const MAX_FRONTMATTER = 1024 * 1024;
const OPENING = /^\uFEFF?---[ \t]*\r?\n/;
const CLOSING = /\r?\n---[ \t]*(?:\r?\n|$)/;

/**
 * Reads only the frontmatter block at the top of a page, from the opening `---` line to the
 * closing one, in 4 KiB steps: a site of 20,000 long pages costs one small read per page.
 * Returns `''` when the page has no frontmatter.
 */
export async function readFrontmatterBlock(path: string): Promise<string> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(CHUNK);
    let text = '';
    let atEnd = false;
    while (!atEnd && text.length <= MAX_FRONTMATTER) {
      const { bytesRead } = await handle.read(buffer, 0, CHUNK, null);
      atEnd = bytesRead < CHUNK;
      text += buffer.toString('utf8', 0, bytesRead);
      if (text.length >= 8 && !OPENING.test(text)) return '';
      const opening = OPENING.exec(text);
      if (!opening) continue;
      const closing = CLOSING.exec(text.slice(opening[0].length - 1));
      // A closing line cut at the end of the chunk is complete only at the end of the file.
      if (closing && (atEnd || closing[0].endsWith('\n'))) return text.slice(0, opening[0].length - 1 + closing.index + closing[0].length);
    }
    return OPENING.test(text) ? text : '';
  } finally {
    await handle.close();
  }
}
