// readPage on one page of growing size, to set the node adapter's MAX_PAGE_BYTES: micromark's time
// grows with the square of a page's size on pages with many lists and block quotes. The page is
// built from a realistic pattern (headings, prose with links, lists, a block quote, a code block, a
// component), repeated. Prints CPU time and the process's peak memory per size.
// Usage: npm run build && node bench/page-size.mjs [--sizes 0.5,1,2,4]  (MiB)
import { readPage } from '../dist/content/index.js';

const argument = (name, fallback) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : fallback);
const sizes = argument('--sizes', '0.5,1,2,4').split(',').map(Number);
const block = (index) => `## Section ${index}

Some prose with [a link](/guides/page-${index}#anchor) and \`inline code\`, then more words so the
paragraph wraps over a few lines as real pages do, with **bold** and _emphasis_.

- A list item with [a link](./other)
- Another item
  - A nested item

> A block quote that
> goes on.

\`\`\`bash
curl https://api.example.com/v1/items/${index}
\`\`\`

<Note>
A component with text.
</Note>

`;
for (const mib of sizes) {
  let text = '---\ntitle: Large\n---\n\n';
  for (let index = 0; text.length < mib * 1024 * 1024; index++) text += block(index);
  const before = process.cpuUsage();
  const facts = readPage(text, { file: 'large.mdx' });
  const cpu = process.cpuUsage(before);
  console.log(
    `${mib} MiB: ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s CPU, ${facts.headings.length} headings, peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MiB`,
  );
}
