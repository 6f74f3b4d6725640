import type { ChatModelInfo, ChatModelRequestInfo } from '@weft/chat-model';
import type { ResolvedOpenAIOptions } from './check-openai-options.ts';

/** OpenAI's own API: the one host whose provider the base URL tells for certain. */
const OPENAI_HOST = 'api.openai.com';

/**
 * What an `openAIChatModel` tells tracing about itself: the provider (the
 * option, else `openai` for api.openai.com, else none: an OpenAI-compatible
 * server may be vLLM, Ollama, a proxy…), the server from the base URL (the
 * scheme's port when the URL has none), and the model id and sampling
 * parameters every request sends.
 */
export function openAIModelInfo(options: ResolvedOpenAIOptions): ChatModelInfo {
  const url = new URL(options.baseURL);
  // An IPv6 host is bracketed in a URL ([::1]); server.address is the address itself.
  const address = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const port = url.port === '' ? (url.protocol === 'https:' ? 443 : 80) : Number(url.port);
  const provider = options.provider ?? (address === OPENAI_HOST ? 'openai' : undefined);
  const request: ChatModelRequestInfo = {
    model: options.model,
    ...(options.temperature === undefined ? {} : { temperature: options.temperature }),
    ...(options.maxTokens === undefined ? {} : { maxTokens: options.maxTokens }),
  };
  return { ...(provider === undefined ? {} : { provider }), server: { address, port }, request };
}
