import { chmod, rm } from 'node:fs/promises';
import { createServer, request as httpRequest } from 'node:http';
import { join } from 'node:path';
import type { ApiHandler } from '../api-handler.js';
import { toNodeListener } from '../http/node-listener.js';

/** The admin socket of a running `quire serve` on a PGlite data folder. */
export function adminSocketPath(dataDir: string): string {
  return join(dataDir, 'quire.sock');
}

/** Longest Unix socket path the platforms accept (sun_path is 104 to 108 bytes). */
const MAX_SOCKET_PATH = 100;

/** A listening admin socket; `close` stops it and removes the file. */
export interface AdminSocket {
  path: string;
  close(): Promise<void>;
}

/**
 * Serves `handler` on a Unix socket readable and writable by its owner only. Undefined when
 * the path is too long for a socket (then the CLI says to stop the server instead).
 */
export async function listenAdminSocket(handler: ApiHandler, path: string): Promise<AdminSocket | undefined> {
  if (Buffer.byteLength(path) > MAX_SOCKET_PATH || process.platform === 'win32') return undefined;
  // A socket file left by a process that died; the data folder's lock says we are its owner now.
  await rm(path, { force: true });
  const server = createServer(toNodeListener(handler));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, () => resolve());
  });
  await chmod(path, 0o600);
  return {
    path,
    close: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await rm(path, { force: true });
    },
  };
}

/** One JSON request to an admin socket; rejects when nobody listens there. */
export function requestAdminSocket(path: string, method: string, url: string, body?: unknown): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const outgoing = httpRequest(
      { socketPath: path, method, path: url, headers: payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {} },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () => {
          try {
            resolve({ status: incoming.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown });
          } catch (error) {
            reject(error);
          }
        });
      },
    );
    outgoing.on('error', reject);
    outgoing.end(payload);
  });
}
