import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { expectTypeOf, test } from 'vitest';
import type { McpServerTransport } from './mcp-server-transport.ts';

test("McpServerTransport is the SDK's Transport, member for member", () => {
  expectTypeOf<McpServerTransport>().toEqualTypeOf<Transport>();
});
