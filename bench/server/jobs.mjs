// Agent jobs per second through the durable queue (pg-boss), beside an in-process runner like
// the one before it (no queue: a semaphore and two record updates per job), in the same run.
//
//   npm run build && node bench/server/jobs.mjs
//   QUIRE_BENCH_DATABASE_URL=postgres://user:pass@127.0.0.1:5432/db node bench/server/jobs.mjs
//
// The model answers at once and the git host lives in memory, so what is measured is the cost
// of queueing, claiming, leasing, storing events and ending a job, not the job. Rows: the
// in-process runner (PGlite in memory), the queue on PGlite (one process), and with a
// PostgreSQL server the queue in one process and in two (a second `node` process runs a
// runner on the same database). Results go to bench/.cache/server-jobs.json; the exit code is
// 1 when the queue costs more than 20 ms per job on any row.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const dist = join(root, 'dist', 'server', 'index.js');
if (!existsSync(dist)) {
  console.error('bench/server: run `npm run build` first (it loads dist/).');
  process.exit(2);
}
const server = await import(dist);

const JOBS = Number(process.env.QUIRE_BENCH_JOBS ?? 200);
const CONCURRENCY = Number(process.env.QUIRE_BENCH_CONCURRENCY ?? 4);
const BUDGET_MS = 20;
const databaseUrl = process.env.QUIRE_BENCH_DATABASE_URL ?? process.env.DATABASE_URL;

/** A model that ends every job at once, without tools. */
const instantModel = { respond: async () => ({ content: [{ type: 'text', text: 'Nothing to change.' }], stopReason: 'end_turn' }) };

/** A git host in memory: every operation is immediate, nothing is committed (no edits). */
function memoryHost() {
  const branches = new Set(['main']);
  return {
    baseBranch: async () => 'main',
    ensureBranch: async (branch) => ({ created: !branches.has(branch) && Boolean(branches.add(branch)) }),
    deleteBranch: async (branch) => void branches.delete(branch),
    openWorkspace: async () => ({
      listFiles: async () => [],
      readFile: async () => undefined,
      writeFile: async () => {},
      changedFiles: () => [],
      commit: async () => undefined,
      dispose: async () => {},
    }),
    openPullRequest: async () => {
      throw new Error('no pull requests in the bench');
    },
  };
}

const request = (index) => ({ branch: `bench/${index}`, messages: [{ role: 'user', content: `Job ${index}` }], asDraft: false, model: 'sonnet' });

/** Worker mode: a runner on the database until stdin closes (the second process of a row). */
if (process.argv[2] === '--worker') {
  const store = await server.openStore({ databaseUrl: process.argv[3] });
  const host = memoryHost();
  const runner = server.createAgentJobRunner({ store, model: instantModel, hostFor: () => host, concurrency: CONCURRENCY, pollMs: 100 });
  process.stdout.write('ready\n');
  process.stdin.resume();
  process.stdin.on('end', async () => {
    await runner.stop();
    await store.close();
    process.exit(0);
  });
} else {
  await main();
}

/** The job function itself, bundled from the sources: the queue-less baseline calls it directly. */
async function loadRunAgentJob() {
  const outfile = join(root, 'bench', '.cache', 'run-agent-job.mjs');
  await build({
    entryPoints: [join(root, 'src', 'server', 'agent', 'run-agent-job.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    outfile,
    logLevel: 'silent',
  });
  return (await import(outfile)).runAgentJob;
}

/** The runner before the queue: jobs in a semaphore of this process, records in the store. */
async function inProcessRow(runAgentJob) {
  const store = await server.openStore({});
  const host = memoryHost();
  const check = async () => [];
  let running = 0;
  const waiting = [];
  const slot = () => (running < CONCURRENCY ? ((running += 1), Promise.resolve()) : new Promise((resolve) => waiting.push(resolve)));
  const free = () => (waiting.length > 0 ? waiting.shift()() : (running -= 1));
  const started = performance.now();
  await Promise.all(
    Array.from({ length: JOBS }, async (_unused, index) => {
      const job = await store.agentJobs.create({ projectId: 'bench', branch: `bench/${index}`, model: 'sonnet', asDraft: false });
      await slot();
      try {
        await store.agentJobs.update(job.id, { state: 'running' });
        const result = await runAgentJob(request(index), { host, model: instantModel, checkDocsJson: check, emit: () => {}, maxTurns: 40 });
        await store.agentJobs.update(job.id, { state: 'succeeded', result });
      } finally {
        free();
      }
    }),
  );
  const elapsed = performance.now() - started;
  await store.close();
  return { name: 'in-process runner (no queue), PGlite', processes: 1, elapsedMs: elapsed };
}

async function startWorker(url) {
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), '--worker', url], { stdio: ['pipe', 'pipe', 'inherit'] });
  await new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => String(chunk).includes('ready') && resolve());
    child.once('exit', (code) => reject(new Error(`worker exited ${code}`)));
  });
  return { stop: () => new Promise((resolve) => (child.once('exit', resolve), child.stdin.end())) };
}

/** Jobs through the queue: submitted at once, timed until every one has succeeded. */
async function queueRow(name, location, processes) {
  const store = await server.openStore(location);
  const projectId = `bench-${Date.now().toString(36)}`;
  const host = memoryHost();
  const runner = server.createAgentJobRunner({ store, model: instantModel, hostFor: () => host, concurrency: CONCURRENCY, pollMs: 100 });
  // Warm up: the queue's schema is installed and its statements planned before the clock starts.
  await runner.start(projectId, request('warm-up'));
  await runner.idle();
  const workers = [];
  for (let extra = 1; extra < processes; extra += 1) workers.push(await startWorker(location.databaseUrl));
  const latencies = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: JOBS }, async (_unused, index) => {
      const submitted = performance.now();
      const { events } = await runner.start(projectId, request(index));
      for await (const event of events) {
        if (event.type === 'result') {
          if (event.state !== 'succeeded') throw new Error(`job ${index} failed: ${event.error}`);
          latencies.push(performance.now() - submitted);
        }
      }
    }),
  );
  const elapsed = performance.now() - started;
  await runner.stop();
  await Promise.all(workers.map((worker) => worker.stop()));
  await store.close();
  latencies.sort((a, b) => a - b);
  return { name, processes, elapsedMs: elapsed, p50Ms: latencies[Math.floor(latencies.length / 2)], p99Ms: latencies[Math.floor(latencies.length * 0.99)] };
}

async function main() {
  const runAgentJob = await loadRunAgentJob();
  const rows = [await inProcessRow(runAgentJob), await queueRow('queue (pg-boss), PGlite', {}, 1)];
  if (databaseUrl) {
    rows.push(await queueRow('queue (pg-boss), PostgreSQL server', { databaseUrl }, 1));
    rows.push(await queueRow('queue (pg-boss), PostgreSQL server', { databaseUrl }, 2));
  }
  const baselinePerJob = rows[0].elapsedMs / JOBS;
  let over = false;
  console.log(`${JOBS} jobs, ${CONCURRENCY} at once per process, instant model, git host in memory`);
  for (const row of rows) {
    const perJob = row.elapsedMs / JOBS;
    row.jobsPerSecond = Math.round((JOBS / row.elapsedMs) * 1000 * 10) / 10;
    row.queueCostPerJobMs = Math.round((perJob - baselinePerJob) * 10) / 10;
    if (row.queueCostPerJobMs > BUDGET_MS) over = true;
    const latency = row.p50Ms === undefined ? '' : `, submit to result p50 ${Math.round(row.p50Ms)} ms, p99 ${Math.round(row.p99Ms)} ms`;
    console.log(
      `${row.name}, ${row.processes} process(es): ${row.jobsPerSecond} jobs/s, ${perJob.toFixed(1)} ms/job (queue cost ${row.queueCostPerJobMs} ms/job)${latency}`,
    );
  }
  mkdirSync(join(root, 'bench', '.cache'), { recursive: true });
  writeFileSync(join(root, 'bench', '.cache', 'server-jobs.json'), `${JSON.stringify({ jobs: JOBS, concurrency: CONCURRENCY, rows }, null, 2)}\n`);
  if (over) console.log(`The queue costs more than ${BUDGET_MS} ms per job on some row.`);
  process.exitCode = over ? 1 : 0;
}
