import { afterEach } from 'vitest';
import { openAIChatModel } from '../openai-chat-model.ts';
import type { OpenAIChatModelOptions } from '../openai-chat-model-options.ts';
import { startFakeOpenAIServer, type FakeOpenAIServer, type Reply } from './fake-openai-server.ts';

/**
 * For a test file: `setup(replies, options?)` starts a fake OpenAI server with
 * those replies and an `openAIChatModel` pointed at it; every server is closed
 * after each test.
 */
export function useFakeOpenAI() {
  const servers: FakeOpenAIServer[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => s.close()));
  });
  return async function setup(replies: Reply[], options: Partial<OpenAIChatModelOptions> = {}) {
    const server = await startFakeOpenAIServer(replies);
    servers.push(server);
    const model = openAIChatModel({ baseURL: server.baseURL, model: 'test-model', retryBaseMs: 5, ...options });
    return { server, model };
  };
}
