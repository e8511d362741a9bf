import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A Messages API request as the scripted server received it. */
export interface ReceivedModelRequest {
  headers: Record<string, string | string[] | undefined>;
  body: {
    model: string;
    system: string;
    max_tokens: number;
    messages: { role: string; content: unknown }[];
    tools: { name: string }[];
    /** Set by a streamed request (the assistant's). */
    stream?: boolean;
  };
}

/** One scripted answer: content blocks and the stop reason. */
export interface ScriptedTurn {
  content: ({ type: 'text'; text: string } | { type: 'tool_use'; id: string; name: string; input: unknown })[];
  stop_reason: 'end_turn' | 'tool_use' | 'max_tokens';
}

/** An error answer of the API, e.g. `{ status: 400, type: 'invalid_request_error', message }`. */
export interface ScriptedError {
  error: { status: number; type: string; message: string };
}

/** Answers turn `index` (0-based) of a conversation, seeing the request. */
export type ModelScript = (request: ReceivedModelRequest['body'], index: number) => ScriptedTurn | ScriptedError;

/** A stand-in for the Anthropic Messages API on 127.0.0.1 that plays a script and records requests. */
export interface ScriptedModelServer {
  baseURL: string;
  requests: ReceivedModelRequest[];
  /** Sets the script for the next job(s); the turn index restarts at 0. */
  play(script: ModelScript): void;
  /** Delays every answer by this many milliseconds. */
  delay: number;
  close(): Promise<void>;
}

/** A tool_use block with a fresh id. */
export const toolUse = (name: string, input: unknown) => ({ type: 'tool_use' as const, id: `toolu_${randomUUID()}`, name, input });
/** A text block. */
export const text = (value: string) => ({ type: 'text' as const, text: value });

/** Starts the scripted server. */
export async function startScriptedModel(): Promise<ScriptedModelServer> {
  let script: ModelScript = () => ({ content: [text('No script.')], stop_reason: 'end_turn' });
  let turn = 0;
  const requests: ReceivedModelRequest[] = [];
  const state = { delay: 0 };
  const server: Server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      if (incoming.method !== 'POST' || incoming.url !== '/v1/messages') {
        outgoing.writeHead(404, { 'content-type': 'application/json' }).end('{"type":"error","error":{"type":"not_found_error","message":"no"}}');
        return;
      }
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ReceivedModelRequest['body'];
      requests.push({ headers: incoming.headers, body });
      const answer = script(body, turn++);
      setTimeout(() => {
        if ('error' in answer) {
          const { status, type, message } = answer.error;
          outgoing.writeHead(status, { 'content-type': 'application/json' });
          outgoing.end(JSON.stringify({ type: 'error', error: { type, message } }));
          return;
        }
        if (body.stream === true) {
          // The Messages API's server-sent events, the text in small deltas (as a model writes it).
          outgoing.writeHead(200, { 'content-type': 'text/event-stream', 'request-id': `req_${turn}` });
          const event = (type: string, data: object) => outgoing.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
          event('message_start', {
            message: {
              id: `msg_${turn}`,
              type: 'message',
              role: 'assistant',
              model: body.model,
              content: [],
              stop_reason: null,
              stop_sequence: null,
              usage: { input_tokens: 10, output_tokens: 0 },
            },
          });
          answer.content.forEach((block, index) => {
            if (block.type !== 'text') return;
            event('content_block_start', { index, content_block: { type: 'text', text: '' } });
            for (let at = 0; at < block.text.length; at += 8)
              event('content_block_delta', { index, delta: { type: 'text_delta', text: block.text.slice(at, at + 8) } });
            event('content_block_stop', { index });
          });
          event('message_delta', { delta: { stop_reason: answer.stop_reason, stop_sequence: null }, usage: { output_tokens: 10 } });
          event('message_stop', {});
          outgoing.end();
          return;
        }
        outgoing.writeHead(200, { 'content-type': 'application/json', 'request-id': `req_${turn}` });
        outgoing.end(
          JSON.stringify({
            id: `msg_${turn}`,
            type: 'message',
            role: 'assistant',
            model: body.model,
            content: answer.content,
            stop_reason: answer.stop_reason,
            stop_sequence: null,
            usage: { input_tokens: 10, output_tokens: 10 },
          }),
        );
      }, state.delay);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}`,
    requests,
    play(next) {
      script = next;
      turn = 0;
    },
    get delay() {
      return state.delay;
    },
    set delay(value: number) {
      state.delay = value;
    },
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Plays the turns in order; after the last one, ends the conversation. */
export function sequence(...turns: ScriptedTurn[]): ModelScript {
  return (_request, index) => turns[index] ?? { content: [text('Done.')], stop_reason: 'end_turn' };
}
