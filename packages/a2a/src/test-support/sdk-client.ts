import { Role, type Message, type Part, type Task } from '@a2a-js/sdk';
import { ClientFactory, ClientFactoryOptions, DefaultAgentCardResolver, JsonRpcTransportFactory, type Client } from '@a2a-js/sdk/client';

/** The SDK's own client for a served URL, sending the bearer token when there is one. */
export async function sdkClient(url: string, token?: string): Promise<Client> {
  const fetchImpl: typeof fetch = (input, init) => {
    const headers = new Headers(init?.headers);
    if (token !== undefined) headers.set('authorization', `Bearer ${token}`);
    return fetch(input, { ...init, headers });
  };
  const factory = new ClientFactory(
    ClientFactoryOptions.createFrom(ClientFactoryOptions.default, {
      transports: [new JsonRpcTransportFactory({ fetchImpl })],
      cardResolver: new DefaultAgentCardResolver({ fetchImpl }),
    }),
  );
  return factory.createFromUrl(url);
}

/** A user's message: text, or parts; on a task or context when given. */
export function userMessage(content: string | Part[], on: { taskId?: string; contextId?: string } = {}): Message {
  const parts =
    typeof content === 'string'
      ? [{ content: { $case: 'text' as const, value: content }, metadata: undefined, filename: '', mediaType: 'text/plain' }]
      : content;
  return {
    messageId: crypto.randomUUID(),
    contextId: on.contextId ?? '',
    taskId: on.taskId ?? '',
    role: Role.ROLE_USER,
    parts,
    metadata: undefined,
    extensions: [],
    referenceTaskIds: [],
  };
}

/** The request the client sends. */
export const send = (message: Message) => ({ tenant: '', message, configuration: undefined, metadata: undefined });

/** The texts of a task's status message or artifact parts. */
export const texts = (parts: readonly Part[] | undefined): string[] =>
  (parts ?? []).flatMap((p) => (p.content?.$case === 'text' ? [p.content.value] : []));

/** The task a blocking send answered with (it answers with a task, never a bare message). */
export function asTask(result: unknown): Task {
  if (result === null || typeof result !== 'object' || !('status' in result))
    throw new Error(`expected a task, got ${JSON.stringify(result)}`);
  return result as Task;
}
