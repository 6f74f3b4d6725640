import type { Attributes } from '@opentelemetry/api';
import type { InstrumentedNode } from '@weft/graph';
import { ATTR } from './gen-ai.ts';

/** What a model node's annotations say of its model (see @weft/agents' modelAnnotations), read as untrusted data. */
export interface ChatModelNode {
  /** `gen_ai.request.model`: the model id the requests name (declared), else the ChatModel's name. */
  model: string;
  /** What the model declares its provider to be. */
  declaredProvider: string | undefined;
  /** `server.*`, request parameters and output type, as attributes. */
  request: Attributes;
  server: Attributes;
}

interface DeclaredInfo {
  provider?: unknown;
  server?: { address?: unknown; port?: unknown } | null;
  request?: { model?: unknown; temperature?: unknown; maxTokens?: unknown; topP?: unknown } | null;
}

/**
 * A model node's model: its name and what it declares about itself (provider,
 * server, the parameters every request sends), and `gen_ai.output.type`
 * `json` when its agent asks for structured output.
 */
export function chatModelNode(info: InstrumentedNode | undefined): ChatModelNode {
  const declared = (isObject(info?.annotations['modelInfo']) ? info.annotations['modelInfo'] : {}) as DeclaredInfo;
  const params = isObject(declared.request) ? declared.request : {};
  const name = info?.annotations['model'];
  const model = nonEmpty(params.model) ?? nonEmpty(name) ?? 'unknown';
  const server = isObject(declared.server) ? declared.server : {};
  const address = nonEmpty(server.address);
  const port = server.port;
  return {
    model,
    declaredProvider: nonEmpty(declared.provider),
    request: {
      [ATTR.requestModel]: model,
      ...number(ATTR.temperature, params.temperature),
      ...number(ATTR.maxTokens, params.maxTokens),
      ...number(ATTR.topP, params.topP),
      ...(info?.annotations['outputType'] === 'json' ? { [ATTR.outputType]: 'json' } : {}),
    },
    // The conventions ask for the port whenever the address is there.
    server: address !== undefined && Number.isInteger(port) ? { [ATTR.serverAddress]: address, [ATTR.serverPort]: port as number } : {},
  };
}

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object';
const nonEmpty = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);
const number = (key: string, value: unknown): Attributes => (typeof value === 'number' && Number.isFinite(value) ? { [key]: value } : {});
