// Load bench of the assistant route of quire-docs/server (issue 35): many readers asking at once.
//
//   npm run build && node bench/server/assistant.mjs
//   QUIRE_BENCH_DATABASE_URL=postgres://user:pass@127.0.0.1:5432/db node bench/server/assistant.mjs
//
// For each backend (PGlite always; a PostgreSQL server when QUIRE_BENCH_DATABASE_URL or
// DATABASE_URL is set): indexes a generated site (QUIRE_BENCH_PAGES pages of five sections each),
// serves the API on 127.0.0.1 with a model that answers at once (what is measured is the server:
// retrieval, the stream, storing the exchange), and sends QUIRE_BENCH_REQUESTS questions at once
// (200) with an assistant key, each a different question. It reports the time to the first byte
// of each answer (p50, p99, max), errors, and whether as many conversations were stored as
// answers were sent (QUIRE_BENCH_SKIP_PGLITE=1: the PostgreSQL server only). Results go to bench/.cache/server-assistant.json; the exit code is 1 when a
// request failed, the stored count differs, or the first byte's p99 is over 100 ms.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const dist = join(root, 'dist', 'server', 'index.js');
if (!existsSync(dist)) {
  console.error('bench/server: run `npm run build` first (it loads dist/).');
  process.exit(2);
}
const server = await import(dist);

const REQUESTS = Number(process.env.QUIRE_BENCH_REQUESTS ?? 200);
const PAGES = Number(process.env.QUIRE_BENCH_PAGES ?? 2000);
const BUDGET_P99_MS = 100;
const databaseUrl = process.env.QUIRE_BENCH_DATABASE_URL ?? process.env.DATABASE_URL;

const TOPICS = ['billing', 'webhooks', 'authentication', 'pagination', 'errors', 'rate limits', 'sandbox', 'exports', 'teams', 'audit logs'];
const VERBS = ['configure', 'rotate', 'enable', 'debug', 'retry', 'paginate', 'export', 'verify', 'limit', 'migrate'];

/** A generated site: each page about one topic and verb, five sections. */
function pages() {
  return Array.from({ length: PAGES }, (_, n) => {
    const topic = TOPICS[n % TOPICS.length];
    const verb = VERBS[Math.floor(n / TOPICS.length) % VERBS.length];
    const sections = Array.from({ length: 5 }, (_, s) => ({
      anchor: s === 0 ? null : `step-${s}`,
      heading: s === 0 ? null : `Step ${s}: ${verb} ${topic}`,
      text: `To ${verb} ${topic} for workspace ${n}, open the ${topic} settings, choose ${verb}, and confirm. Step ${s} of page ${n} explains what changes and how to undo it.`,
    }));
    return {
      path: `/guides/${topic.replace(/ /g, '-')}/${verb}-${n}`,
      title: `${verb} ${topic} (${n})`,
      markdown: sections.map((section) => section.text).join('\n\n'),
      sections,
    };
  });
}

/** A model that answers at once: the server is what is measured. */
const instantModel = {
  async *stream() {
    yield 'Open the settings, ';
    yield 'then confirm [1].';
  },
};

async function run(name, location) {
  // A project of its own: a PostgreSQL server keeps what earlier runs stored.
  const PROJECT = `bench-${Date.now().toString(36)}`;
  const store = await server.openStore(location);
  try {
    const indexStarted = performance.now();
    await store.siteIndex.replace(PROJECT, pages());
    const indexMs = performance.now() - indexStarted;
    const { text: key } = await server.createApiKey(store.apiKeys, PROJECT, 'bench', 'assistant');
    const before = (await store.conversations.page({ projectId: PROJECT, limit: 1000 })).conversations.length;
    // One client address sends them all: its limits are raised, as a deployment behind a proxy would configure.
    const handler = server.createApiHandler({
      store,
      assistant: instantModel,
      rateLimits: { perKey: { requests: REQUESTS * 2, windowMs: 60_000 }, perAddress: { requests: REQUESTS * 2, windowMs: 60_000 } },
    });
    const running = await server.listen(handler, { host: '127.0.0.1', port: 0 });
    try {
      const ask = async (n) => {
        const began = performance.now();
        const response = await fetch(`${running.url}/v1/assistant/${PROJECT}/message`, {
          method: 'POST',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            fp: `reader-${n}`,
            messages: [{ role: 'user', content: `How do I ${VERBS[n % VERBS.length]} ${TOPICS[n % TOPICS.length]}?` }],
          }),
        });
        const reader = response.body.getReader();
        const first = await reader.read();
        const firstByteMs = performance.now() - began;
        let text = first.value ? Buffer.from(first.value).toString() : '';
        for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) text += Buffer.from(chunk.value).toString();
        const ok = response.status === 200 && text.includes('"type":"finish"') && text.includes('"type":"source-url"');
        return { ok, status: response.status, firstByteMs, totalMs: performance.now() - began };
      };
      // Warm the connection pool and the planner once.
      await ask(-1);
      const started = performance.now();
      const results = await Promise.all(Array.from({ length: REQUESTS }, (_, n) => ask(n)));
      const wallMs = performance.now() - started;
      const stored = (await store.conversations.page({ projectId: PROJECT, limit: 1000 })).conversations.length - before - 1;
      const times = results.map((result) => result.firstByteMs).sort((a, b) => a - b);
      const pct = (p) => times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)];
      return {
        backend: name,
        pages: PAGES,
        sections: PAGES * 5,
        indexMs: Math.round(indexMs),
        requests: REQUESTS,
        errors: results.filter((result) => !result.ok).length,
        stored,
        firstByteMs: { p50: +pct(50).toFixed(1), p99: +pct(99).toFixed(1), max: +times.at(-1).toFixed(1) },
        wallMs: Math.round(wallMs),
      };
    } finally {
      await running.close();
    }
  } finally {
    await store.close();
  }
}

const rows = [];
const folder = mkdtempSync(join(tmpdir(), 'quire-bench-assistant-'));
try {
  if (process.env.QUIRE_BENCH_SKIP_PGLITE !== '1') rows.push(await run('PGlite', { dataDir: join(folder, 'data') }));
  if (databaseUrl) rows.push(await run('PostgreSQL server', { databaseUrl }));
} finally {
  rmSync(folder, { recursive: true, force: true });
}
console.table(rows.map((row) => ({ ...row, firstByteMs: `${row.firstByteMs.p50} / ${row.firstByteMs.p99} / ${row.firstByteMs.max}` })));
mkdirSync(join(root, 'bench', '.cache'), { recursive: true });
writeFileSync(join(root, 'bench', '.cache', 'server-assistant.json'), `${JSON.stringify(rows, null, 2)}\n`);
const failed = rows.filter((row) => row.errors > 0 || row.stored !== row.requests || row.firstByteMs.p99 > BUDGET_P99_MS);
if (failed.length > 0) {
  console.error(
    `bench/server/assistant: ${failed.map((row) => row.backend).join(', ')} missed the targets (0 errors, every answer stored, first byte p99 <= ${BUDGET_P99_MS} ms)`,
  );
  process.exit(1);
}
