import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repositoryRoot } from '../helpers/cli.js';

/** The text of a tool's answer. */
function textOf(result: Awaited<ReturnType<Client['callTool']>>): string {
  return (result.content as Array<{ type: string; text?: string }>).map((part) => part.text ?? '').join('\n');
}

// `quire mcp` on the example site, driven by the SDK's own client over stdio, as a coding agent
// drives it: the built CLI in a process of its own.
describe('quire mcp', { timeout: 60_000 }, () => {
  let client: Client;
  let stderr = '';

  beforeAll(async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [path.join(repositoryRoot, 'dist/cli/index.js'), 'mcp', path.join(repositoryRoot, 'fixtures/example-site'), '--offline'],
      stderr: 'pipe',
    });
    transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    client = new Client({ name: 'quire-test', version: '1.0.0' });
    await client.connect(transport);
  });

  afterAll(async () => {
    await client?.close();
  });

  it('lists its tools', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(['list_endpoints', 'list_pages', 'read_page', 'search']);
    expect(stderr).toMatch(/quire mcp: serving \d+ pages of .*example-site over stdio/);
  });

  it('finds a page by a phrase of its text, and reads it as Markdown', async () => {
    const found = textOf(await client.callTool({ name: 'search', arguments: { query: 'page through long lists' } }));
    expect(found).toMatch(/^## Quickstart › Your first request\nURL: \/quickstart#your-first-request\n.*Page through long lists with limit and cursor\./);
    const page = textOf(await client.callTool({ name: 'read_page', arguments: { path: '/quickstart' } }));
    expect(page).toMatch(/^# Quickstart\n\n> List your first plants in five minutes\.\n/);
    expect(page).toContain('1. **Create an API key**');
    // As search gives URLs: with a section, or as the .md of the build.
    expect(textOf(await client.callTool({ name: 'read_page', arguments: { path: '/quickstart.md#your-first-request' } }))).toBe(page);
  });

  it('reads an endpoint page as a Markdown API reference, and lists pages and endpoints', async () => {
    const endpoints = textOf(await client.callTool({ name: 'list_endpoints', arguments: {} }));
    expect(endpoints).toContain('- POST /plants: Add a plant (/api-reference/plants/add-a-plant)');
    const endpoint = textOf(await client.callTool({ name: 'read_page', arguments: { path: 'api-reference/plants/add-a-plant' } }));
    expect(endpoint).toMatch(/^# Add a plant\n\n`POST \/plants`/);
    const pages = textOf(await client.callTool({ name: 'list_pages', arguments: {} }));
    expect(pages).toContain('- Quickstart: /quickstart (List your first plants in five minutes.)');
  });

  it('says so for a page that does not exist, and for a search that finds nothing', async () => {
    const missing = await client.callTool({ name: 'read_page', arguments: { path: '/no/such/page' } });
    expect(missing.isError).toBe(true);
    expect(textOf(missing)).toBe('No page at /no/such/page; list_pages lists them.');
    expect(textOf(await client.callTool({ name: 'search', arguments: { query: 'zyzzyva quokka' } }))).toBe(
      'No section of the documentation holds every word of "zyzzyva quokka".',
    );
  });
});
