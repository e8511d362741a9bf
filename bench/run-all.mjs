// Runs every benchmark in turn: npm run bench (after npm run build).
import { execFileSync } from 'node:child_process';

for (const script of ['docs-json.mjs', 'json-reader.mjs', 'navigation.mjs', 'openapi.mjs', 'openapi-file.mjs', 'build-apis.mjs', 'content.mjs']) {
  console.log(`\n=== bench/${script}\n`);
  execFileSync(process.execPath, ['--expose-gc', new URL(script, import.meta.url).pathname, ...process.argv.slice(2)], { stdio: 'inherit' });
}
