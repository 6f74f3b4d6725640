import type { ChatModelInfo, ChatModelRequestInfo } from '@weft/chat-model';
import type { ChatModelSettings } from '../agents/chat-model-agent-config.ts';

/**
 * What a model node's annotations say of its model, for instrumentations
 * (an OpenTelemetry `chat` span's attributes): its name (`model`); what the
 * model declares about itself (`modelInfo`: provider, server, request
 * parameters), copied as plain data; and `outputType: 'json'` when the agent
 * asks for structured output.
 */
export function modelAnnotations(agent: ChatModelSettings): Record<string, unknown> {
  const info = plainModelInfo(agent.model.info);
  return {
    model: agent.model.name,
    ...(info ? { modelInfo: info } : {}),
    ...(agent.outputSchema !== undefined ? { outputType: 'json' } : {}),
  };
}

/** The declared fields of the documented types only: annotations are plain JSON (a graph's JSON and drawings show them). */
function plainModelInfo(info: ChatModelInfo | undefined): ChatModelInfo | undefined {
  if (info === null || typeof info !== 'object') return undefined;
  const { provider, server, request } = info;
  const out: { -readonly [K in keyof ChatModelInfo]: ChatModelInfo[K] } = {};
  if (typeof provider === 'string' && provider !== '') out.provider = provider;
  if (server !== null && typeof server === 'object' && typeof server.address === 'string' && Number.isInteger(server.port))
    out.server = { address: server.address, port: server.port };
  const params = plainRequest(request);
  if (params) out.request = params;
  return Object.keys(out).length ? out : undefined;
}

function plainRequest(request: ChatModelRequestInfo | undefined): ChatModelRequestInfo | undefined {
  if (request === null || typeof request !== 'object') return undefined;
  const out: { -readonly [K in keyof ChatModelRequestInfo]: ChatModelRequestInfo[K] } = {};
  if (typeof request.model === 'string' && request.model !== '') out.model = request.model;
  for (const key of ['temperature', 'maxTokens', 'topP'] as const) {
    const value = request[key];
    if (typeof value === 'number' && Number.isFinite(value)) out[key] = value;
  }
  return Object.keys(out).length ? out : undefined;
}
