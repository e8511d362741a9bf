import type Anthropic from '@anthropic-ai/sdk';
import { DEFAULT_MODEL_IDS } from '../agent/anthropic-model.js';

/** One turn of a reader's conversation with the assistant. */
export interface AssistantTurn {
  role: 'user' | 'assistant';
  content: string;
}

/** What the assistant's model is asked: the instructions with the sources, and the conversation. */
export interface AssistantModelRequest {
  system: string;
  messages: readonly AssistantTurn[];
  /** Aborts the model's answer (the reader went away). */
  signal?: AbortSignal;
}

/**
 * The assistant's model: it writes an answer as a stream of text. It is given no tools: what the
 * docs say cannot make it act, only be quoted.
 */
export interface AssistantModel {
  stream(request: AssistantModelRequest): AsyncIterable<string>;
}

/** Options of {@link createAnthropicAssistantModel}. */
export interface AnthropicAssistantModelOptions {
  apiKey: string;
  baseURL?: string;
  /** The model id; the agent's Sonnet when absent. */
  model?: string;
  /** Tokens an answer may have. Default 2,048. */
  maxTokens?: number;
  /** Milliseconds before a request is abandoned. Default 60 s. */
  timeout?: number;
}

/** The Anthropic Messages API, streamed (`@anthropic-ai/sdk`), as an {@link AssistantModel}. */
export function createAnthropicAssistantModel(options: AnthropicAssistantModelOptions): AssistantModel {
  // Loaded by the first question, not with the server (see createAnthropicModel).
  let client: Promise<Anthropic> | undefined;
  const connect = async () => {
    const { default: Anthropic } = await import('@anthropic-ai/sdk');
    return new Anthropic({
      apiKey: options.apiKey,
      ...(options.baseURL ? { baseURL: options.baseURL } : {}),
      maxRetries: 2,
      timeout: options.timeout ?? 60_000,
    });
  };
  return {
    async *stream(request) {
      const anthropic = await (client ??= connect());
      const events = await anthropic.messages.create(
        {
          model: options.model ?? DEFAULT_MODEL_IDS.sonnet,
          max_tokens: options.maxTokens ?? 2048,
          system: request.system,
          messages: request.messages.map((turn) => ({ role: turn.role, content: turn.content })),
          stream: true,
        },
        request.signal ? { signal: request.signal } : {},
      );
      for await (const event of events) {
        if (event.type === 'content_block_delta' && event.delta.type === 'text_delta') yield event.delta.text;
      }
    },
  };
}
