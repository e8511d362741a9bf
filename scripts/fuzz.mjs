// `npm run fuzz -- --seconds 600 [--seed 1234]`: the hostile-input property test
// (test/hostile/property.test.ts) with a random seed and larger inputs, for as long as given.
// Each failing input is printed and written to fuzz-failures/<case>/input.json, the format of a
// fixture: move the folder to fixtures/hostile/ and run `UPDATE=1 npx vitest run
// test/hostile/fixtures.test.ts` so that it is checked on every run from then on.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '60' }, seed: { type: 'string' } } });
const seconds = Number(values.seconds);
if (!Number.isFinite(seconds) || seconds <= 0) {
  console.error('fuzz: --seconds must be a positive number');
  process.exit(2);
}
const root = fileURLToPath(new URL('..', import.meta.url));
const vitest = fileURLToPath(new URL('../node_modules/vitest/vitest.mjs', import.meta.url));
const result = spawnSync(process.execPath, [vitest, 'run', 'test/hostile/property.test.ts', '--reporter', 'verbose'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, QUIRE_FUZZ_SECONDS: String(seconds), ...(values.seed ? { QUIRE_FUZZ_SEED: values.seed } : {}) },
});
process.exit(result.status ?? 1);
