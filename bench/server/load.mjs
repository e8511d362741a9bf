// Load and pagination-consistency bench of quire-docs/server; see docs/server.md.
//
//   npm run build && node bench/server/load.mjs
//   QUIRE_BENCH_DATABASE_URL=postgres://user:pass@127.0.0.1:5432/db node bench/server/load.mjs
//
// For each backend (PGlite always; a PostgreSQL server when QUIRE_BENCH_DATABASE_URL or
// DATABASE_URL is set): seeds 100,000 conversations, starts `quire serve` as a child process,
// measures requests/s and latency of a page of 100 with autocannon (first page, and pages at
// random cursors), then walks every page while other conversations are being inserted and
// checks that no stored conversation was skipped or repeated.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const dist = join(root, 'dist', 'server', 'index.js');
if (!existsSync(dist)) {
  console.error('bench/server: run `npm run build` first (it loads dist/).');
  process.exit(2);
}
const server = await import(dist);

const CONVERSATIONS = Number(process.env.QUIRE_BENCH_CONVERSATIONS ?? 100_000);
const DURATION = Number(process.env.QUIRE_BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.QUIRE_BENCH_CONNECTIONS ?? 10);
const PROJECT = 'bench';
const PAGE = 100;

/** Opens a store at `location` (a PGlite folder, or a PostgreSQL URL). */
const open = (location) => server.openStore(location);

async function seed(location) {
  const store = await open(location);
  try {
    const { text: key } = await server.createApiKey(store.apiKeys, PROJECT, 'bench');
    const start = Date.now() - 30 * 24 * 3600 * 1000;
    const step = (30 * 24 * 3600 * 1000) / CONVERSATIONS;
    const began = performance.now();
    const batch = 5000;
    for (let offset = 0; offset < CONVERSATIONS; offset += batch) {
      const rows = [];
      for (let n = offset; n < Math.min(offset + batch, CONVERSATIONS); n += 1) {
        rows.push({
          projectId: PROJECT,
          query: `How do I configure feature ${n % 500}?`,
          response: `To configure feature ${n % 500}, open the settings page and ... (${n})`,
          sources: [{ title: `Feature ${n % 500}`, url: `https://docs.example.com/features/${n % 500}` }],
          queryCategory: ['how-to', 'billing', 'api', null][n % 4],
          timestamp: new Date(start + Math.floor(n * step)),
        });
      }
      await store.conversations.recordMany(rows);
    }
    const seconds = (performance.now() - began) / 1000;
    // Cursors spread over the whole history, for the random-page run.
    const cursors = [];
    let cursor = null;
    for (let page = 0; page < 50; page += 1) {
      const result = await store.conversations.page({ projectId: PROJECT, limit: Math.floor(CONVERSATIONS / 50), ...(cursor ? { before: cursor } : {}) });
      cursor = result.nextCursor;
      if (!cursor) break;
      cursors.push(cursor);
    }
    return { key, seconds, cursors };
  } finally {
    await store.close();
  }
}

/** Starts `quire serve` as a child process and resolves with its URL. */
function startServe(args, env) {
  const child = spawn(process.execPath, [join(root, 'dist', 'cli', 'index.js'), 'serve', '--port', '0', '--quiet', ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match) resolve({ url: match[1], child });
    });
    child.once('exit', (code) => reject(new Error(`quire serve exited with ${code}: ${output}`)));
  });
}

function stop(child) {
  return new Promise((resolve) => {
    child.removeAllListeners('exit');
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });
}

function load(url, key, cursors) {
  const headers = { authorization: `Bearer ${key}` };
  const path = `/v1/analytics/${PROJECT}/assistant?limit=${PAGE}`;
  const options = { url: `${url}${path}`, connections: CONNECTIONS, duration: DURATION, headers };
  if (cursors) {
    options.requests = [
      { method: 'GET', setupRequest: (request) => ({ ...request, path: `${path}&cursor=${cursors[Math.floor(Math.random() * cursors.length)]}` }) },
    ];
  } else {
  }
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

const summary = (result) => ({
  requestsPerSecond: Math.round(result.requests.average),
  latencyMs: { p50: result.latency.p50, p90: result.latency.p90, p99: result.latency.p99, max: result.latency.max },
  non2xx: result.non2xx,
  errors: result.errors,
  timeouts: result.timeouts,
});

/**
 * Walks every page of 100 over HTTP while `writers` insert conversations as fast as they can.
 * The walk must return exactly the conversations that existed when it started.
 */
async function consistency(location) {
  const store = await open(location);
  const handler = server.createApiHandler({ store });
  const running = await server.listen(handler, { host: '127.0.0.1', port: 0 });
  const { text: key } = await server.createApiKey(store.apiKeys, PROJECT, 'consistency');
  let inserted = 0;
  let writing = true;
  const writers = Array.from({ length: 4 }, async () => {
    while (writing) {
      await store.conversations.record({ projectId: PROJECT, query: 'new while paging', response: 'r', sources: [], queryCategory: null });
      inserted += 1;
      // Yield to the event loop: PGlite answers in microtasks, a tight loop would starve the HTTP server.
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
  });
  try {
    const seen = [];
    let cursor = null;
    let pages = 0;
    let firstId;
    const began = performance.now();
    do {
      const response = await fetch(`${running.url}/v1/analytics/${PROJECT}/assistant?limit=${PAGE}${cursor ? `&cursor=${cursor}` : ''}`, {
        headers: { authorization: `Bearer ${key}` },
      });
      if (response.status !== 200) throw new Error(`page ${pages}: HTTP ${response.status}`);
      const body = await response.json();
      firstId ??= body.conversations[0]?.id;
      for (const conversation of body.conversations) seen.push(conversation.id);
      cursor = body.nextCursor;
      pages += 1;
    } while (cursor);
    const seconds = (performance.now() - began) / 1000;
    writing = false;
    await Promise.all(writers);
    // What existed when the walk began: everything up to the first page's newest id.
    const expected = new Set();
    let page = { nextCursor: null, conversations: [] };
    let before = firstId;
    expected.add(firstId);
    do {
      page = await store.conversations.page({ projectId: PROJECT, limit: 1000, before });
      for (const conversation of page.conversations) expected.add(conversation.id);
      before = page.nextCursor;
    } while (before);
    const seenSet = new Set(seen);
    const repeated = seen.length - seenSet.size;
    const skipped = [...expected].filter((id) => !seenSet.has(id)).length;
    const unexpected = [...seenSet].filter((id) => !expected.has(id)).length;
    return {
      pages,
      returned: seen.length,
      expected: expected.size,
      insertedDuringWalk: inserted,
      skipped,
      repeated,
      unexpected,
      seconds: Number(seconds.toFixed(1)),
    };
  } finally {
    writing = false;
    await Promise.all(writers);
    await running.close();
    await store.close();
  }
}

async function benchBackend(name, location, serveArgs) {
  console.error(`\n== ${name}: seeding ${CONVERSATIONS} conversations`);
  const seeded = await seed(location);
  console.error(`   seeded in ${seeded.seconds.toFixed(1)} s; starting quire serve`);
  const { url, child } = await startServe(serveArgs, {});
  let firstPage;
  let randomPages;
  try {
    await load(url, seeded.key, undefined).then(
      () => undefined,
      () => undefined,
    ); // warm-up is the first run's first second
    console.error(`   autocannon ${DURATION}s x ${CONNECTIONS} connections: first page of ${PAGE}`);
    firstPage = summary(await load(url, seeded.key, undefined));
    console.error(`   autocannon ${DURATION}s x ${CONNECTIONS} connections: pages of ${PAGE} at random cursors`);
    randomPages = summary(await load(url, seeded.key, seeded.cursors));
  } finally {
    await stop(child);
  }
  console.error('   pagination consistency with concurrent inserts');
  const consistencyResult = await consistency(location);
  return {
    backend: name,
    conversations: CONVERSATIONS,
    seedSeconds: Number(seeded.seconds.toFixed(1)),
    firstPage,
    randomPages,
    consistency: consistencyResult,
  };
}

const results = [];
const dataDir = mkdtempSync(join(tmpdir(), 'quire-bench-'));
try {
  results.push(await benchBackend('PGlite', { dataDir }, ['--data-dir', dataDir]));
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

const databaseUrl = process.env.QUIRE_BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
if (databaseUrl) {
  // A schema of its own, so the bench neither sees nor leaves rows in the database's tables.
  const schema = `quire_bench_${Date.now()}`;
  const admin = server.openPgClient(databaseUrl);
  await admin.query(`CREATE SCHEMA ${schema}`);
  const url = new URL(databaseUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  try {
    results.push(await benchBackend('PostgreSQL server', { databaseUrl: url.href }, ['--database-url', url.href]));
  } finally {
    await admin.query(`DROP SCHEMA ${schema} CASCADE`);
    await admin.close();
  }
} else {
  console.error('\n== PostgreSQL server: skipped (set QUIRE_BENCH_DATABASE_URL or DATABASE_URL)');
}

const out = join(root, 'bench', '.cache', 'server-load.json');
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, `${JSON.stringify({ date: new Date().toISOString(), node: process.version, results }, null, 2)}\n`);
console.log(JSON.stringify(results, null, 2));
const broken = results.filter((result) => result.consistency.skipped || result.consistency.repeated || result.consistency.unexpected);
process.exitCode = broken.length ? 1 : 0;
