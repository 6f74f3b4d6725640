/**
 * A stdio MCP server for the tests: its tool `flaky` exits the process on its
 * first call (when the marker file WEFT_TEST_MARKER does not exist yet; it
 * creates it), as a server that crashes mid-call; later processes answer
 * `flaky ok <idempotency key>`. Run as
 *   node --import tsx test-support/crashing-server.ts
 */
import { existsSync, writeFileSync } from 'node:fs';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';

const marker = process.env['WEFT_TEST_MARKER'];
if (!marker) throw new Error('crashing-server: WEFT_TEST_MARKER is not set');
const server = new McpServer({ name: 'crashing', version: '0.0.1' });
server.registerTool('flaky', { description: 'crashes the first time' }, (extra) => {
  if (!existsSync(marker)) {
    writeFileSync(marker, String(process.pid));
    process.exit(1);
  }
  return { content: [{ type: 'text', text: `flaky ok ${String(extra._meta?.['dev.weft/idempotency-key'])}` }] };
});
await server.connect(new StdioServerTransport());
