import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiHandler, createApiKey, generateApiKey, hashApiKey, parseApiKey, type Store } from '../../src/server/index.js';
import { apiKeyMatchesHash } from '../../src/server/auth/api-key.js';
import { backends, uniqueProjectId, SETUP_TIMEOUT_MS } from './backends.js';
import { bearer, startTestServer, type TestServer } from './http.js';

describe('admin API keys', () => {
  it('are quire_<id>_<secret>, and only the hash is kept', () => {
    const key = generateApiKey();
    expect(key.text).toMatch(/^quire_[0-9a-f]{16}_[A-Za-z0-9_-]{43}$/);
    expect(key.secretHash).toBe(hashApiKey(key.text));
    expect(key.secretHash).not.toContain(key.text.slice(23));
    expect(parseApiKey(key.text)).toEqual({ keyId: key.keyId, kind: 'admin', text: key.text });
  });

  it('match only their own hash', () => {
    const key = generateApiKey();
    const other = generateApiKey();
    expect(apiKeyMatchesHash(parseApiKey(key.text)!, key.secretHash)).toBe(true);
    expect(apiKeyMatchesHash(parseApiKey(key.text)!, other.secretHash)).toBe(false);
    expect(apiKeyMatchesHash(parseApiKey(key.text)!, 'abcd')).toBe(false);
  });

  it('refuse text that is not shaped like a key', () => {
    for (const text of ['', 'quire_', 'sk_live_abc', `quire_${'a'.repeat(16)}_short`, `QUIRE_${'a'.repeat(16)}_${'b'.repeat(43)}`]) {
      expect(parseApiKey(text)).toBeUndefined();
    }
  });
});

for (const backend of backends)
  describe.skipIf(backend.skipReason !== undefined)(`authentication over HTTP on ${backend.name}`, () => {
    let store: Store;
    let server: TestServer;
    let projectId: string;
    let key: string;
    let otherProjectKey: string;
    let revokedKey: string;

    beforeAll(async () => {
      store = await backend.open();
      server = await startTestServer({ store });
      projectId = uniqueProjectId();
      key = (await createApiKey(store.apiKeys, projectId)).text;
      otherProjectKey = (await createApiKey(store.apiKeys, uniqueProjectId())).text;
      const revoked = await createApiKey(store.apiKeys, projectId);
      await store.apiKeys.revoke(revoked.record.keyId);
      revokedKey = revoked.text;
    }, SETUP_TIMEOUT_MS);
    afterAll(async () => {
      await server?.close();
      await store?.close();
    });

    const history = (headers: Record<string, string> = {}, project = projectId) => fetch(`${server.url}/v1/analytics/${project}/assistant`, { headers });
    const job = (headers: Record<string, string> = {}) =>
      fetch(`${server.url}/v1/agent/${projectId}/job`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: '{}',
      });

    async function expectError(response: Response, status: number, code: string) {
      expect(response.status).toBe(status);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      const body = (await response.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe(code);
      expect(typeof body.error.message).toBe('string');
      return JSON.stringify(body);
    }

    it('accepts a valid key of the project', async () => {
      const response = await history(bearer(key));
      expect(response.status).toBe(200);
    });

    for (const [name, call] of [
      ['GET /v1/analytics/{projectId}/assistant', history],
      ['POST /v1/agent/{projectId}/job', job],
    ] as const) {
      describe(name, () => {
        it('401 without an Authorization header', async () => {
          const response = await call();
          await expectError(response, 401, 'unauthorized');
          expect(response.headers.get('www-authenticate')).toMatch(/^Bearer/);
        });

        it('401 for a header that is not Bearer', async () => {
          await expectError(await call({ authorization: `Basic ${btoa('user:pass')}` }), 401, 'unauthorized');
          await expectError(await call({ authorization: 'Bearer' }), 401, 'unauthorized');
          await expectError(await call({ authorization: `Bearer ${key} extra` }), 401, 'unauthorized');
        });

        it('401 for a key without the quire_ prefix, without echoing it', async () => {
          const text = await expectError(await call(bearer('sk_secret_value_123')), 401, 'unauthorized');
          expect(text).not.toContain('sk_secret_value_123');
        });

        it('401 saying which part of a malformed key is wrong, without echoing any of it', async () => {
          for (const [text, message] of [
            [`${key}x`, 'the secret after the key id has 43 characters; this one has 44 (too many: something was pasted with it?)'],
            [key.slice(0, -1), 'this one has 42 (too few: cut short?)'],
            [`quire_${key.slice(7)}`, 'a key id of 16 lower-case hex characters and `_`; this one has 15 character(s) there'],
            [`${key.slice(0, -1)}!`, 'holds only letters, digits, `-` and `_`'],
          ] as const) {
            const response = await call(bearer(text));
            const body = await expectError(response, 401, 'unauthorized');
            expect(body).toContain(message);
            expect(body).not.toContain(text.slice(23, 40));
          }
        });

        it('401 for an unknown key, without echoing it', async () => {
          const unknown = generateApiKey().text;
          const text = await expectError(await call(bearer(unknown)), 401, 'unauthorized');
          expect(text).not.toContain(unknown.slice(6));
        });

        it('401 for a known key id with a wrong secret', async () => {
          const forged = `${key.slice(0, 23)}${'A'.repeat(43)}`;
          await expectError(await call(bearer(forged)), 401, 'unauthorized');
        });

        it('401 for a revoked key', async () => {
          await expectError(await call(bearer(revokedKey)), 401, 'unauthorized');
        });

        it('403 for a key of another project, without echoing it', async () => {
          const text = await expectError(await call(bearer(otherProjectKey)), 403, 'forbidden');
          expect(text).not.toContain(otherProjectKey.slice(6));
        });
      });
    }

    it('never writes a key into the request log', async () => {
      await history(bearer(key));
      await history(bearer(otherProjectKey));
      await fetch(`${server.url}/v1/analytics/${projectId}/assistant?cursor=${encodeURIComponent(key)}`, { headers: bearer(key) });
      const logged = JSON.stringify(server.log);
      expect(server.log.length).toBeGreaterThan(0);
      for (const secret of [key, otherProjectKey, revokedKey]) expect(logged).not.toContain(secret.slice(23));
      expect(server.log.some((entry) => entry.keyId === parseApiKey(key)!.keyId)).toBe(true);
    });

    it('404 for an unknown path, 405 with Allow for a wrong method', async () => {
      await expectError(await fetch(`${server.url}/v1/nothing`, { headers: bearer(key) }), 404, 'not_found');
      const response = await fetch(`${server.url}/v1/analytics/${projectId}/assistant`, { method: 'DELETE', headers: bearer(key) });
      await expectError(response, 405, 'method_not_allowed');
      expect(response.headers.get('allow')).toBe('GET');
    });

    it('is a plain WHATWG Request -> Response function, no HTTP server needed', async () => {
      const handler = createApiHandler({ store });
      const ok = await handler(new Request(`https://docs.example.com/v1/analytics/${projectId}/assistant?limit=5`, { headers: bearer(key) }));
      expect(ok.status).toBe(200);
      expect(await ok.json()).toEqual({ conversations: [], nextCursor: null, hasMore: false });
      const denied = await handler(new Request(`https://docs.example.com/v1/analytics/${projectId}/assistant`));
      expect(denied.status).toBe(401);
    });
  });
