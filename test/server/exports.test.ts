import { expect, it } from 'vitest';
import * as server from '../../src/server/index.js';

it('quire-docs/server exports exactly these names (change this list on purpose only)', () => {
  expect(Object.keys(server).sort()).toEqual([
    'API_KEY_PREFIX',
    'ASSISTANT_KEY_PREFIX',
    'AgentJobRequestSchema',
    'DEFAULT_CONVERSATION_LIMIT',
    'DEFAULT_MODEL_IDS',
    'DEFAULT_SYSTEM_PROMPT',
    'GitHubApiError',
    'MAX_CONVERSATION_LIMIT',
    'createAgentJobRunner',
    'createAnthropicAssistantModel',
    'createAnthropicModel',
    'createApiHandler',
    'createApiKey',
    'createGitHubHost',
    'createLocalGitHost',
    'createSqlStore',
    'createUlidFactory',
    'generateApiKey',
    'hashApiKey',
    'isUlid',
    'listen',
    'migrate',
    'migrations',
    'openPgClient',
    'openPgliteClient',
    'openStore',
    'parseApiKey',
    'readLocalPullRequests',
    'toNodeListener',
    'ulidTime',
  ]);
});
