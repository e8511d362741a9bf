export { createApiHandler, type ApiHandler, type ApiHandlerOptions, type RequestContext, type RequestLogEntry } from './api-handler.js';
export { toNodeListener, listen, type RunningServer } from './http/node-listener.js';
export type { ApiError, ApiErrorCode } from './http/api-error.js';
export { openStore, type StoreLocation } from './storage/open-store.js';
export { migrate, migrations, type Migration } from './storage/migrations.js';
export { createSqlStore } from './storage/sql-store.js';
export { openPgliteClient } from './storage/pglite-client.js';
export { openPgClient } from './storage/pg-client.js';
export type { SqlClient, SqlValue } from './storage/sql-client.js';
export type * from './storage/store.js';
export {
  generateApiKey,
  hashApiKey,
  parseApiKey,
  API_KEY_PREFIX,
  ASSISTANT_KEY_PREFIX,
  type ApiKeyKind,
  type GeneratedApiKey,
  type ParsedApiKey,
} from './auth/api-key.js';
export { createApiKey, type CreatedApiKey } from './auth/create-api-key.js';
export { createUlidFactory, isUlid, ulidTime, type Ulid, type UlidFactory } from './ulid.js';
export { DEFAULT_CONVERSATION_LIMIT, MAX_CONVERSATION_LIMIT } from './analytics/assistant-query.js';
export { createAgentJobRunner, type AgentJobRunner, type AgentJobRunnerOptions, type AgentQueueState, type StartedAgentJob } from './agent/job-runner.js';
export type { AgentJobEvent, AgentJobProgress, AgentJobResult } from './agent/job-events.js';
export type { NumberedAgentJobEvent } from './agent/job-stream.js';
export { AgentJobRequestSchema, type AgentJobRequest } from './agent/job-request.js';
export type { AgentModel, ModelChoice, ModelRequest, ModelTurn, AgentMessage, ToolDefinition } from './agent/model.js';
export { createAnthropicModel, DEFAULT_MODEL_IDS, type AnthropicModelOptions } from './agent/anthropic-model.js';
export { DEFAULT_SYSTEM_PROMPT } from './agent/system-prompt.js';
export type { Workspace, WorkspaceEntry } from './workspace/workspace.js';
export type { GitHost, PullRequest, PullRequestDraft, CommitAuthor } from './git/git-host.js';
export { createLocalGitHost, readLocalPullRequests, type LocalGitHostOptions, type LocalPullRequest } from './git/local-git-host.js';
export { createGitHubHost, type GitHubHostOptions } from './git/github-host.js';
export { GitHubApiError } from './git/github-api.js';
export {
  createAnthropicAssistantModel,
  type AnthropicAssistantModelOptions,
  type AssistantModel,
  type AssistantModelRequest,
  type AssistantTurn,
} from './discovery/assistant-model.js';
export type { RateLimit } from './http/rate-limit.js';
