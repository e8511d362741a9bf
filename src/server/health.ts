import type { AgentJobRunner } from './agent/job-runner.js';
import type { Store } from './storage/store.js';
import { jsonResponse } from './http/api-error.js';

/**
 * Answers `GET /healthz`: 200 when the storage answers a query and the agent's queue runs (or
 * no agent is configured), 503 otherwise, with each part's state for the operator.
 */
export async function healthResponse(store: Store, agent: AgentJobRunner | undefined): Promise<Response> {
  let storage: 'ok' | 'unreachable' = 'ok';
  try {
    await store.client.query('SELECT 1');
  } catch {
    storage = 'unreachable';
  }
  const queue = agent ? agent.queueState() : 'disabled';
  const healthy = storage === 'ok' && (queue === 'running' || queue === 'disabled');
  return jsonResponse({ status: healthy ? 'ok' : 'unavailable', storage, queue }, healthy ? 200 : 503);
}
