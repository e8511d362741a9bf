import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey, createSqlStore, DEFAULT_CONVERSATION_LIMIT, isUlid, type NewConversation, type SqlClient, type Store } from '../../src/server/index.js';
import { backends, uniqueProjectId, withSlowCommits, SETUP_TIMEOUT_MS } from './backends.js';
import { bearer, startTestServer, type TestServer } from './http.js';

interface PageBody {
  conversations: {
    id: string;
    timestamp: string;
    query: string;
    response: string;
    sources: { title: string; url: string }[];
    queryCategory: string | null;
  }[];
  nextCursor: string | null;
  hasMore: boolean;
}

const conversationAt = (projectId: string, iso: string, n: number): NewConversation => ({
  projectId,
  query: `question ${n}`,
  response: `answer ${n}`,
  sources: [{ title: `Page ${n}`, url: `https://docs.example.com/p/${n}` }],
  queryCategory: n % 2 === 0 ? 'how-to' : null,
  timestamp: new Date(iso),
});

for (const backend of backends) {
  describe.skipIf(backend.skipReason !== undefined)(`GET /v1/analytics/{projectId}/assistant on ${backend.name}`, () => {
    let client: SqlClient;
    let store: Store;
    let server: TestServer;

    beforeAll(async () => {
      client = await backend.openClient();
      store = createSqlStore(client);
      server = await startTestServer({ store });
    }, SETUP_TIMEOUT_MS);
    afterAll(async () => {
      await server?.close();
      await store?.close();
    });

    async function project() {
      const projectId = uniqueProjectId();
      const key = (await createApiKey(store.apiKeys, projectId)).text;
      const get = async (query = '') => {
        const response = await fetch(`${server.url}/v1/analytics/${projectId}/assistant${query}`, { headers: bearer(key) });
        return { status: response.status, body: (await response.json()) as PageBody & { error?: { code: string; parameter?: string } } };
      };
      return { projectId, key, get };
    }

    it('returns the documented shape, newest first', async () => {
      const { projectId, get } = await project();
      await store.conversations.recordMany([conversationAt(projectId, '2025-03-01T10:00:00Z', 1), conversationAt(projectId, '2025-03-02T10:00:00Z', 2)]);
      const recorded = await store.conversations.record({
        projectId,
        query: 'latest',
        response: 'now',
        sources: [],
        queryCategory: 'billing',
      });
      const { status, body } = await get();
      expect(status).toBe(200);
      expect(Object.keys(body).sort()).toEqual(['conversations', 'hasMore', 'nextCursor']);
      expect(body.conversations.map((c) => c.query)).toEqual(['latest', 'question 2', 'question 1']);
      expect(body.conversations[0]).toEqual({
        id: recorded.id,
        timestamp: recorded.timestamp.toISOString(),
        query: 'latest',
        response: 'now',
        sources: [],
        queryCategory: 'billing',
      });
      expect(body.conversations[1]).toMatchObject({
        timestamp: '2025-03-02T10:00:00.000Z',
        sources: [{ title: 'Page 2', url: 'https://docs.example.com/p/2' }],
        queryCategory: 'how-to',
      });
      expect(body.conversations.every((c) => isUlid(c.id))).toBe(true);
      expect(body.hasMore).toBe(false);
      expect(body.nextCursor).toBeNull();
    });

    it('pages with a cursor, each record exactly once, and defaults to the documented limit', async () => {
      const { projectId, get } = await project();
      const total = DEFAULT_CONVERSATION_LIMIT + 37;
      const base = Date.parse('2025-01-01T00:00:00Z');
      await store.conversations.recordMany(
        Array.from({ length: total }, (_, n) => conversationAt(projectId, new Date(base + Math.floor(n / 3) * 1000).toISOString(), n)),
      );
      const first = await get();
      expect(first.body.conversations).toHaveLength(DEFAULT_CONVERSATION_LIMIT);
      expect(first.body.hasMore).toBe(true);

      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const page: { body: PageBody } = await get(`?limit=25${cursor ? `&cursor=${cursor}` : ''}`);
        seen.push(...page.body.conversations.map((c) => c.id));
        cursor = page.body.nextCursor;
        expect(page.body.hasMore).toBe(cursor !== null);
        pages += 1;
      } while (cursor);
      expect(pages).toBe(Math.ceil(total / 25));
      expect(new Set(seen).size).toBe(total);
      expect([...seen].sort().reverse()).toEqual(seen);
    });

    it('skips and repeats nothing while conversations arrive between pages', async () => {
      const { projectId, get } = await project();
      const existing = await store.conversations.recordMany(
        Array.from({ length: 60 }, (_, n) => ({ projectId, query: `q${n}`, response: 'r', sources: [], queryCategory: null })),
      );
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page: { body: PageBody } = await get(`?limit=7${cursor ? `&cursor=${cursor}` : ''}`);
        seen.push(...page.body.conversations.map((c) => c.id));
        cursor = page.body.nextCursor;
        await store.conversations.recordMany(Array.from({ length: 3 }, () => ({ projectId, query: 'new', response: 'r', sources: [], queryCategory: null })));
      } while (cursor);
      expect(seen).toHaveLength(60);
      expect(new Set(seen)).toEqual(new Set(existing.map((c) => c.id)));
    });

    it('skips and repeats nothing while writers insert concurrently during the walk', async () => {
      const { projectId, get } = await project();
      await store.conversations.recordMany(
        Array.from({ length: 150 }, (_, n) => ({ projectId, query: `old ${n}`, response: 'r', sources: [], queryCategory: null })),
      );
      // Writers on the same database whose commits are delayed at random.
      const slowStore = createSqlStore(withSlowCommits(client));
      let writing = true;
      let written = 0;
      const writers = Array.from({ length: 6 }, async () => {
        while (writing) {
          await slowStore.conversations.record({ projectId, query: 'new', response: 'r', sources: [], queryCategory: null });
          written += 1;
        }
      });
      // Start the walk in the thick of it: rows are being committed around the first page.
      while (written < 30) await new Promise((resolve) => setTimeout(resolve, 5));
      const seen: string[] = [];
      let first: string | undefined;
      try {
        let cursor: string | null = null;
        do {
          const page: { body: PageBody } = await get(`?limit=10${cursor ? `&cursor=${cursor}` : ''}`);
          first ??= page.body.conversations[0]!.id;
          seen.push(...page.body.conversations.map((c) => c.id));
          cursor = page.body.nextCursor;
        } while (cursor);
      } finally {
        writing = false;
        await Promise.all(writers);
      }
      // Exactly what was stored up to the newest id of the first page, each once.
      const stored: string[] = [];
      let before: string | undefined;
      do {
        const page = await store.conversations.page({ projectId, limit: 1000, ...(before ? { before } : {}) });
        stored.push(...page.conversations.map((c) => c.id));
        before = page.nextCursor ?? undefined;
      } while (before);
      const expected = stored.filter((id) => id <= first!);
      expect(seen).toEqual(expected);
      expect(stored.length).toBeGreaterThan(expected.length);
    });

    it('filters by dateFrom (inclusive) and dateTo (exclusive), as dates or date-times', async () => {
      const { projectId, get } = await project();
      await store.conversations.recordMany([
        conversationAt(projectId, '2025-05-09T23:59:59.999Z', 1),
        conversationAt(projectId, '2025-05-10T00:00:00.000Z', 2),
        conversationAt(projectId, '2025-05-11T12:00:00.000Z', 3),
        conversationAt(projectId, '2025-05-12T00:00:00.000Z', 4),
        conversationAt(projectId, '2025-05-12T08:00:00.000Z', 5),
      ]);
      const queries = async (query: string) => (await get(query)).body.conversations.map((c) => c.query);
      expect(await queries('?dateFrom=2025-05-10&dateTo=2025-05-12')).toEqual(['question 3', 'question 2']);
      expect(await queries('?dateFrom=2025-05-10T00:00:00Z')).toEqual(['question 5', 'question 4', 'question 3', 'question 2']);
      expect(await queries('?dateTo=2025-05-10')).toEqual(['question 1']);
      expect(await queries('?dateFrom=2025-05-11T14:00:00%2B02:00&dateTo=2025-05-12T08:00:00.000Z')).toEqual(['question 4', 'question 3']);
      expect(await queries('?dateFrom=2025-05-11&dateTo=2025-05-11')).toEqual([]);
    });

    it('keeps projects apart', async () => {
      const a = await project();
      const b = await project();
      await store.conversations.record({ projectId: a.projectId, query: 'a', response: 'r', sources: [], queryCategory: null });
      expect((await b.get()).body.conversations).toEqual([]);
      expect((await a.get()).body.conversations).toHaveLength(1);
    });

    it.each([
      ['limit', '?limit=0'],
      ['limit', '?limit=1001'],
      ['limit', '?limit=-5'],
      ['limit', '?limit=2.5'],
      ['limit', '?limit=ten'],
      ['limit', '?limit='],
      ['cursor', '?cursor=not-a-ulid'],
      ['cursor', '?cursor=01arz3ndektsv4rrffq69g5fav'],
      ['cursor', '?cursor=81ARZ3NDEKTSV4RRFFQ69G5FAV'],
      ['dateFrom', '?dateFrom=yesterday'],
      ['dateFrom', '?dateFrom=2025-02-30'],
      ['dateFrom', '?dateFrom=2025-01-01T10:00:00'],
      ['dateTo', '?dateTo=2025-13-01'],
      ['dateTo', '?dateTo=2025-01-01T25:00:00Z'],
      ['dateFrom', '?dateFrom=2025-06-02&dateTo=2025-06-01'],
    ])('400 naming %s for %s', async (parameter, query) => {
      const { get } = await project();
      const { status, body } = await get(query);
      expect(status).toBe(400);
      expect(body.error).toMatchObject({ code: 'invalid_parameter', parameter });
      expect(JSON.stringify(body.error)).toContain(parameter);
    });

    it('accepts the limits 1 and 1000', async () => {
      const { get } = await project();
      expect((await get('?limit=1')).status).toBe(200);
      expect((await get('?limit=1000')).status).toBe(200);
    });
  });
}
