import path from 'node:path';
import { markdownFileOf, pageMarkdownOf } from '../../agents/index.js';
import { searchDocs } from '../../agents/search-docs.js';
import { ExitCode, parseCommandLine, UsageError, type Command } from '../command.js';
import { loadSiteForCommand } from '../load.js';
import { plural } from '../output.js';
import { buildForRender, siteForAgents } from '../render-input.js';

/** The packages only `quire mcp` uses: optional peer dependencies, as the server's and the renderer's are. */
export const MCP_PACKAGES: readonly string[] = ['@modelcontextprotocol/sdk'];

const usage = `Usage: quire mcp [dir] [options]

A Model Context Protocol server over stdio for the site in [dir] (default: the current folder), so
that a coding agent can read the docs of the repository it works in. Its tools:
  search          the sections of the pages that hold every word of a query, best first
  read_page       a page as Markdown (as quire build --html writes <page>.md), by its URL path
  list_pages      every page of the navigation: title, URL path, description
  list_endpoints  every endpoint and webhook page: method, path, title, URL path
The site is read once, at the start. Nothing but the protocol is written on stdout; problems of
the site go to stderr. Needs the SDK: npm install @modelcontextprotocol/sdk

Options:
  --offline  Do not fetch OpenAPI documents given by URL
`;

/** `quire mcp [dir]`: the site's docs as MCP tools over stdio. */
export const mcpCommand: Command = {
  name: 'mcp',
  summary: "Serve the site's docs to AI agents over the Model Context Protocol (stdio)",
  usage,
  async run(argv, io) {
    const { values, positionals } = parseCommandLine({
      args: argv,
      allowPositionals: true,
      options: { offline: { type: 'boolean', default: false } },
    });
    if (positionals.length > 1) throw new UsageError(`expected at most one folder, got ${positionals.length}`);
    let sdk: {
      McpServer: typeof import('@modelcontextprotocol/sdk/server/mcp.js').McpServer;
      StdioServerTransport: typeof import('@modelcontextprotocol/sdk/server/stdio.js').StdioServerTransport;
    };
    try {
      const [{ McpServer }, { StdioServerTransport }] = await Promise.all([
        import('@modelcontextprotocol/sdk/server/mcp.js'),
        import('@modelcontextprotocol/sdk/server/stdio.js'),
      ]);
      sdk = { McpServer, StdioServerTransport };
    } catch {
      io.stderr.write('quire mcp: the Model Context Protocol SDK is not installed: npm install @modelcontextprotocol/sdk\n');
      return ExitCode.usage;
    }
    // stdout carries the protocol alone: what loading the site prints goes to stderr.
    const site = await loadSiteForCommand(positionals[0] ?? '.', { ...io, stdout: io.stderr }, { strict: false, format: 'json', offline: values.offline });
    const config = site.config;
    if (!config || !site.tree) {
      io.stderr.write(`quire mcp: ${path.join(site.root, 'docs.json')} has errors; quire validate prints them\n`);
      return ExitCode.problems;
    }
    const built = buildForRender(site, config);
    const { agents, endpoints, pages } = siteForAgents(site, built);
    const text = (value: string) => ({ content: [{ type: 'text' as const, text: value }] });
    const { z } = await import('zod');

    const server = new sdk.McpServer({ name: `quire-docs: ${config.name}`, version: '0.1.0' });
    server.registerTool(
      'search',
      {
        description: `Search the documentation of ${config.name}: the sections that hold every word of the query, best first, each with its page's title, URL path and the text around the match.`,
        inputSchema: {
          query: z.string().min(1).describe('Words or a phrase to find'),
          limit: z.number().int().min(1).max(50).optional().describe('How many sections (default 10)'),
        },
      },
      ({ query, limit }) => {
        const results = built.search ? searchDocs(built.site, built.search, query, limit ?? 10) : [];
        if (results.length === 0) return text(`No section of the documentation holds every word of "${query}".`);
        return text(
          results.map((result) => `## ${result.title}${result.heading ? ` › ${result.heading}` : ''}\nURL: ${result.url}\n${result.excerpt}`).join('\n\n'),
        );
      },
    );
    server.registerTool(
      'read_page',
      {
        description:
          'Read a page of the documentation as Markdown, by its URL path (`/guides/setup`, as search and list_pages give it; a `#section` is ignored).',
        inputSchema: { path: z.string().min(1).describe('The URL path of the page') },
      },
      async ({ path: asked }) => {
        const href = `/${asked
          .replace(/[?#].*$/, '')
          .replace(/\.md$/, '')
          .replace(/^\/+|\/+$/g, '')}`.replace(/^\/index$/, '/');
        const page = pages.get(href);
        if (!page || markdownFileOf(href) === undefined) return { ...text(`No page at ${href}; list_pages lists them.`), isError: true };
        return text(await pageMarkdownOf(agents, page, endpoints.get(href)));
      },
    );
    server.registerTool('list_pages', { description: 'List the pages of the documentation in reading order: title, URL path and description.' }, () =>
      text(
        [...pages.values()]
          .filter((page) => !page.hidden && !page.unlisted)
          .map((page) => `- ${page.title}: ${page.href}${page.description ? ` (${page.description.replace(/\s+/g, ' ').trim()})` : ''}`)
          .join('\n') || 'The site has no pages.',
      ),
    );
    server.registerTool(
      'list_endpoints',
      { description: 'List the API endpoints and webhooks the documentation describes: method, path, title and URL path of each page.' },
      () =>
        text(
          site.endpointPages
            .map(
              (endpoint) =>
                `- ${endpoint.kind === 'webhook' ? 'webhook' : endpoint.method.toUpperCase()} ${endpoint.path}: ${pages.get(endpoint.url)?.title ?? endpoint.metadata.title} (${endpoint.url})`,
            )
            .join('\n') || 'The site describes no endpoint.',
        ),
    );
    const transport = new sdk.StdioServerTransport();
    const closed = new Promise<void>((resolve) => {
      transport.onclose = () => resolve();
      process.stdin.once('end', () => resolve());
    });
    await server.connect(transport);
    io.stderr.write(`quire mcp: serving ${plural(pages.size, 'page')} of ${site.root} over stdio\n`);
    await closed;
    await server.close();
    return ExitCode.ok;
  },
};
