import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPgClient, readLocalPullRequests, type NumberedAgentJobEvent, type SqlClient } from '../../src/server/index.js';
import { quire } from '../helpers/cli.js';
import { postgresBackend, uniqueProjectId, SETUP_TIMEOUT_MS } from './backends.js';
import { createDocsRepository, gitIn } from './git-fixture.js';
import { bearer } from './http.js';
import { startScriptedModel, text, toolUse, type ScriptedModelServer } from './scripted-model.js';
import { readEventStream, startServeProcess, type ServeProcess } from './serve-process.js';

/** Four jobs per branch: enough to contend for each (50 took a minute of CI for the same proof). */
const JOBS = 20;

/** The whole events of the response's first chunk; then the client hangs up. */
async function readFirstChunk(response: Response): Promise<NumberedAgentJobEvent[]> {
  const reader = response.body!.getReader();
  const { value } = await reader.read();
  await reader.cancel();
  const lines = new TextDecoder().decode(value).split('\n');
  lines.pop();
  return lines.map((line) => JSON.parse(line) as NumberedAgentJobEvent);
}
const BRANCHES = ['one', 'two', 'three', 'four', 'five'].map((name) => `load/${name}`);

describe.skipIf(postgresBackend.skipReason !== undefined)('two quire serve processes on one PostgreSQL server', { timeout: 5 * 60_000 }, () => {
  let model: ScriptedModelServer;
  let servers: ServeProcess[] = [];
  let sql: SqlClient;
  let repository: string;
  let projectId: string;
  let key: string;
  beforeAll(async () => {
    const databaseUrl = process.env.QUIRE_TEST_DATABASE_URL!;
    sql = openPgClient(databaseUrl, 2);
    model = await startScriptedModel();
    model.delay = 20;
    // Stateless: the first turn writes a page named after the job's task, the second ends.
    model.play((request) => {
      const task = String(request.messages[0]!.content);
      return request.messages.length === 1
        ? { content: [toolUse('write_file', { path: `jobs/${task.replace(/\W+/g, '-')}.mdx`, content: `# ${task}\n` })], stop_reason: 'tool_use' }
        : { content: [text(`Did ${task}.`)], stop_reason: 'end_turn' };
    });
    repository = createDocsRepository();
    projectId = uniqueProjectId('two');
    const created = quire(['keys', 'create', '--project', projectId, '--database-url', databaseUrl]);
    expect(created.code, created.stderr).toBe(0);
    key = created.stdout.trim();
    // The default lease (30 s): both servers stay alive, and a shorter one could be lost to a
    // slow heartbeat on a busy machine, the job then run twice as the recovery says it should.
    const env = { ANTHROPIC_API_KEY: 'sk-test', ANTHROPIC_BASE_URL: model.baseURL, QUIRE_AGENT_POLL_MS: '100' };
    const args = ['--database-url', databaseUrl, '--repo', `${projectId}=${repository}`, '--quiet', '--concurrency', '4'];
    servers = await Promise.all([startServeProcess(args, env), startServeProcess(args, env)]);
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await model?.close();
    await sql?.close();
  });

  it(`runs ${JOBS} jobs on ${BRANCHES.length} branches sent to both at random: each once, one per branch at a time, every stream whole`, async () => {
    const pick = <T>(items: readonly T[]) => items[Math.floor(Math.random() * items.length)]!;
    const runClient = async (index: number) => {
      const branch = BRANCHES[index % BRANCHES.length]!;
      const response = await fetch(`${pick(servers).url}/v1/agent/${projectId}/job`, {
        method: 'POST',
        headers: { ...bearer(key), 'content-type': 'application/json' },
        body: JSON.stringify({ branch, messages: [{ role: 'user', content: `Job ${index}` }] }),
      });
      expect(response.status).toBe(200);
      const sessionId = response.headers.get('x-session-id')!;
      // Every third client hangs up after its first chunk and reconnects to either server.
      let events = index % 3 === 0 ? await readFirstChunk(response) : await readEventStream(response);
      if (events.at(-1)?.type !== 'result') {
        const rest = await readEventStream(
          await fetch(`${pick(servers).url}/v1/agent/${projectId}/job/${sessionId}/events`, {
            headers: { ...bearer(key), 'last-event-id': String(events.at(-1)?.id ?? 0) },
          }),
        );
        events = [...events, ...rest];
      }
      return { sessionId, branch, events };
    };
    const results = await Promise.all(Array.from({ length: JOBS }, (_unused, index) => runClient(index)));

    for (const { events } of results) {
      expect(events.map((event) => event.id)).toEqual(events.map((_event, index) => index + 1));
      expect(events.at(-1), JSON.stringify(events)).toMatchObject({ type: 'result', state: 'succeeded' });
      expect(events.filter((event) => event.type === 'state' && event.state === 'running')).toHaveLength(1);
    }
    // Each job ran once: two model turns each, one commit each, and the store says one attempt.
    const asked = new Map<string, number>();
    for (const request of model.requests) {
      const task = String(request.body.messages[0]!.content);
      asked.set(task, (asked.get(task) ?? 0) + 1);
    }
    expect([...asked.values()]).toEqual(Array.from({ length: JOBS }, () => 2));
    const attempts = await sql.query<{ attempts: number; count: string }>(
      `SELECT attempts, count(*) AS count FROM agent_jobs WHERE project_id = $1 GROUP BY attempts`,
      [projectId],
    );
    expect(attempts).toEqual([{ attempts: 1, count: String(JOBS) }]);
    for (const branch of BRANCHES) {
      expect(gitIn(repository, 'rev-list', '--count', `refs/heads/main..refs/heads/${branch}`)).toBe(String(JOBS / BRANCHES.length));
    }
    // One pull request per branch, numbered 1 to 5: the two processes never lost each other's record.
    const pulls = await readLocalPullRequests(repository);
    expect(pulls.map((pull) => pull.head).sort()).toEqual([...BRANCHES].sort());
    expect(pulls.map((pull) => pull.number).sort()).toEqual([1, 2, 3, 4, 5]);
    // Never two jobs on one branch at a time: per branch, the running spans (first event of
    // the run to the result, as the store timed them) do not overlap.
    const spans = await sql.query<{ branch: string; started: Date; ended: Date }>(
      `SELECT j.branch, min(e.created_at) FILTER (WHERE e.event->>'state' = 'running') AS started,
                max(e.created_at) FILTER (WHERE e.event->>'type' = 'result') AS ended
         FROM agent_jobs j JOIN agent_job_events e ON e.job_id = j.id
         WHERE j.project_id = $1 GROUP BY j.id, j.branch ORDER BY j.branch, started`,
      [projectId],
    );
    expect(spans).toHaveLength(JOBS);
    for (let index = 1; index < spans.length; index += 1) {
      const [previous, current] = [spans[index - 1]!, spans[index]!];
      if (previous.branch === current.branch) expect(current.started.getTime()).toBeGreaterThanOrEqual(previous.ended.getTime());
    }
  });
});
