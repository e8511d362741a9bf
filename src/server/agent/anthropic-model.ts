import type Anthropic from '@anthropic-ai/sdk';
import type { AgentModel, ModelChoice, ModelTurn } from './model.js';

/**
 * Model ids used when none are configured: the newest of each family that `@anthropic-ai/sdk`
 * knows. `claude-sonnet-4-5` reaches end of life on 2026-11-30 (the SDK warns on every call).
 */
export const DEFAULT_MODEL_IDS: Readonly<Record<ModelChoice, string>> = {
  sonnet: 'claude-sonnet-5-5',
  opus: 'claude-opus-5-5',
};

/** Options of {@link createAnthropicModel}. */
export interface AnthropicModelOptions {
  apiKey: string;
  /** The API's base URL; the SDK's default (api.anthropic.com) when absent. */
  baseURL?: string;
  /** Model id for each choice; {@link DEFAULT_MODEL_IDS} fills the gaps. */
  modelIds?: Partial<Record<ModelChoice, string>>;
  /** Tokens the model may write per turn. */
  maxTokens?: number;
  /** Retries of the SDK on rate limits and server errors. */
  maxRetries?: number;
  /** Milliseconds before a request is abandoned. */
  timeout?: number;
}

/** The Anthropic Messages API (through `@anthropic-ai/sdk`) as an {@link AgentModel}. */
export function createAnthropicModel(options: AnthropicModelOptions): AgentModel {
  // The SDK is loaded by the first request, not with the server: it is 0.2 s of every start of
  // `quire serve` and `quire keys`, and most starts run no agent job.
  let client: Promise<Anthropic> | undefined;
  const connect = async () => {
    const { default: Anthropic } = await import('@anthropic-ai/sdk');
    return new Anthropic({
      apiKey: options.apiKey,
      ...(options.baseURL ? { baseURL: options.baseURL } : {}),
      maxRetries: options.maxRetries ?? 2,
      timeout: options.timeout ?? 120_000,
    });
  };
  const modelIds = { ...DEFAULT_MODEL_IDS, ...options.modelIds };
  return {
    async respond(request): Promise<ModelTurn> {
      const anthropic = await (client ??= connect());
      const message = await anthropic.messages.create({
        model: modelIds[request.model],
        max_tokens: options.maxTokens ?? 8192,
        system: request.system,
        messages: request.messages.map((turn) => ({ role: turn.role, content: turn.content })),
        tools: request.tools.map((tool) => ({ ...tool })),
      });
      const content: ModelTurn['content'] = [];
      for (const block of message.content) {
        if (block.type === 'text') content.push({ type: 'text', text: block.text });
        else if (block.type === 'tool_use') content.push({ type: 'tool_use', id: block.id, name: block.name, input: block.input });
      }
      return { content, stopReason: message.stop_reason };
    },
  };
}
