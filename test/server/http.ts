import { createApiHandler, listen, type ApiHandlerOptions, type RequestLogEntry, type RunningServer } from '../../src/server/index.js';

/** The API served over real HTTP on 127.0.0.1, with its request log. */
export interface TestServer extends RunningServer {
  log: RequestLogEntry[];
  errors: unknown[];
}

/** Starts the API on a free port of 127.0.0.1. */
export async function startTestServer(options: Omit<ApiHandlerOptions, 'log' | 'onError'>): Promise<TestServer> {
  const log: RequestLogEntry[] = [];
  const errors: unknown[] = [];
  const handler = createApiHandler({ ...options, log: (entry) => log.push(entry), onError: (error) => errors.push(error) });
  const running = await listen(handler, { host: '127.0.0.1', port: 0 });
  return { ...running, log, errors };
}

/** `Authorization` header for a key. */
export const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
