import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { matchRoute } from '../../src/server/http/routes.js';
import { quireInProcess } from '../helpers/cli.js';

const description = fileURLToPath(new URL('../../docs/server.openapi.yaml', import.meta.url));

describe("the server's OpenAPI description (docs/server.openapi.yaml)", () => {
  it('is accepted by quire validate, with no warning', async () => {
    const site = mkdtempSync(path.join(tmpdir(), 'quire-server-openapi-'));
    try {
      cpSync(description, path.join(site, 'server.openapi.yaml'));
      writeFileSync(
        path.join(site, 'docs.json'),
        JSON.stringify({
          theme: 'mint',
          name: 'Server',
          colors: { primary: '#0d9488' },
          navigation: { groups: [{ group: 'API', openapi: 'server.openapi.yaml' }] },
        }),
      );
      const result = await quireInProcess(['validate', site]);
      expect(result.stdout).toContain('0 errors, 0 warnings');
      expect(result.code).toBe(0);
    } finally {
      rmSync(site, { recursive: true, force: true });
    }
  });

  it('describes every route the handler serves, with the method it serves', () => {
    const document = parse(readFileSync(description, 'utf8')) as { paths: Record<string, Record<string, unknown>> };
    for (const [template, operations] of Object.entries(document.paths)) {
      const concrete = template.replace(/\{[^}]+\}/g, 'x1');
      for (const method of Object.keys(operations)) expect(matchRoute(method.toUpperCase(), concrete).ok, `${method} ${template}`).toBe(true);
    }
    // And the other way: each route's name appears as an operationId.
    const ids = Object.values(document.paths).flatMap((operations) =>
      Object.values(operations).map((operation) => (operation as { operationId: string }).operationId),
    );
    expect(ids.sort()).toEqual([
      'agentJobEvents',
      'assistantHistory',
      'assistantMessage',
      'assistantThread',
      'createAgentJob',
      'createAgentJobV2',
      'getAgentJob',
      'getAgentJobV2',
      'health',
      'listAgentJobsV2',
      'messageAgentJobV2',
      'page',
      'search',
    ]);
  });
});
