import { afterEach, describe, expect, it } from 'vitest';
import { RELOAD_PATH, RELOAD_SCRIPT, startDevServer, type RunningDevServer } from '../../src/cli/dev-server.js';

let server: RunningDevServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function start(answers: Record<string, string>) {
  server = await startDevServer({
    host: '127.0.0.1',
    port: 0,
    answer: async (pathname) =>
      pathname in answers
        ? { status: 200, type: pathname.endsWith('.css') ? 'text/css' : 'text/html; charset=utf-8', body: answers[pathname] as string }
        : { status: 404, type: 'text/html; charset=utf-8', body: '<html><body>none</body></html>' },
  });
  return server;
}

describe('the quire dev server', () => {
  it('listens on 127.0.0.1 and adds the reload script to HTML only, before </body>', async () => {
    const running = await start({ '/guides/setup': '<html><body><p>Setup</p></body></html>', '/a.css': 'p{}' });
    expect(running.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const page = await fetch(`${running.url}/guides/setup`);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(await page.text()).toBe(`<html><body><p>Setup</p>${RELOAD_SCRIPT}</body></html>`);
    expect(await (await fetch(`${running.url}/a.css`)).text()).toBe('p{}');
    const missing = await fetch(`${running.url}/nowhere`);
    expect(missing.status).toBe(404);
  });

  it('decodes the path, refuses what does not decode, and answers GET and HEAD only', async () => {
    const running = await start({ '/über uns': '<html><body>ü</body></html>' });
    expect((await fetch(`${running.url}/%C3%BCber%20uns?x=1`)).status).toBe(200);
    expect((await fetch(`${running.url}/%E0%A4%A`)).status).toBe(400);
    const post = await fetch(`${running.url}/%C3%BCber%20uns`, { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
    const head = await fetch(`${running.url}/%C3%BCber%20uns`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it('tells every open page to reload through its event stream', async () => {
    const running = await start({});
    const response = await fetch(`${running.url}${RELOAD_PATH}`);
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let received = decoder.decode((await reader.read()).value);
    running.reload();
    while (!received.includes('data: reload')) received += decoder.decode((await reader.read()).value);
    expect(received).toContain('data: reload\n\n');
    await reader.cancel();
  });

  it('gives a 500 with a plain message when answering throws, and goes on serving', async () => {
    const errors: unknown[] = [];
    let fail = true;
    server = await startDevServer({
      host: '127.0.0.1',
      port: 0,
      answer: async () => {
        if (fail) throw new Error('boom');
        return { status: 200, type: 'text/plain', body: 'ok' };
      },
      onError: (error) => errors.push(error),
    });
    const failed = await fetch(`${server.url}/x`);
    expect(failed.status).toBe(500);
    expect(await failed.text()).toMatch(/error is in the terminal/);
    expect(errors).toHaveLength(1);
    fail = false;
    expect(await (await fetch(`${server.url}/x`)).text()).toBe('ok');
  });
});
