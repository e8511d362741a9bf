import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import path from 'node:path';

/** A static host for a `quire build --html` folder, on 127.0.0.1: how Netlify or Cloudflare Pages serve it. */
export interface StaticServer {
  url: string;
  close(): Promise<void>;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.yaml': 'text/yaml; charset=utf-8',
};

/**
 * Serves `folder` as a static host with clean URLs does: `/guides/setup` is `guides/setup.html`,
 * `/` is `index.html`, a file is itself, anything else is `404.html` with status 404. Paths that
 * leave the folder are 404.
 */
export async function serveStaticFolder(folder: string, options: { base?: string } = {}): Promise<StaticServer> {
  // Under a path (`/docs/`, a GitHub Pages project site): only what starts with it is the site's.
  const base = (options.base ?? '/').replace(/\/$/, '');
  const root = path.resolve(folder);
  const server: Server = createServer((request, response) => {
    void (async () => {
      let pathname: string;
      try {
        pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
      } catch {
        pathname = '/';
      }
      const inside = base === '' || pathname === base || pathname.startsWith(`${base}/`);
      const relative = inside ? pathname.slice(base.length).replace(/^\/+/, '').replace(/\/+$/, '') : '\0';
      const candidates = relative === '' ? ['index.html'] : [relative, `${relative}.html`, `${relative}/index.html`];
      for (const candidate of candidates) {
        const file = path.resolve(root, candidate);
        if (file !== root && !file.startsWith(`${root}${path.sep}`)) break;
        const info = await stat(file).catch(() => undefined);
        if (!info?.isFile()) continue;
        response.writeHead(200, { 'content-type': TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream' });
        createReadStream(file).pipe(response);
        return;
      }
      response.writeHead(404, { 'content-type': TYPES['.html'] as string });
      createReadStream(path.join(root, '404.html'))
        .on('error', () => response.end('not found'))
        .pipe(response);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
