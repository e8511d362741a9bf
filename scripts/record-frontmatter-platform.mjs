// Records how the platform reads each page of fixtures/frontmatter: it reads page frontmatter
// with the `front-matter` package (js-yaml 3). Neither is a dependency of Quire; install them in
// a scratch folder and point FRONT_MATTER at the package:
//   npm install --prefix /tmp/fm front-matter@4 && FRONT_MATTER=/tmp/fm/node_modules/front-matter node scripts/record-frontmatter-platform.mjs
// Writes platform.json next to each page.mdx: { "attributes": ... } or { "error": "..." }.
import { createRequire } from 'node:module';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const location = process.env.FRONT_MATTER;
if (!location) throw new Error('Set FRONT_MATTER to the folder of an installed front-matter package.');
const frontMatter = createRequire(import.meta.url)(path.resolve(location));
const root = new URL('../fixtures/frontmatter/', import.meta.url);
for (const entry of readdirSync(root, { withFileTypes: true })) {
  if (!entry.isDirectory()) continue;
  const folder = new URL(`${entry.name}/`, root);
  const text = readFileSync(new URL('page.mdx', folder), 'utf8');
  let record;
  try {
    record = { attributes: frontMatter(text).attributes };
  } catch (error) {
    record = { error: String(error.message).split('\n')[0] };
  }
  writeFileSync(new URL('platform.json', folder), `${JSON.stringify(record, null, 2)}\n`);
}
