import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const PACKAGE = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** Where the declarations and the consumer file live, in memory only: a folder of the package, so that its node_modules resolve. */
const VIRTUAL = join(PACKAGE, '.public-types');

/** A consumer's file: every public export of @weft/mcp, values and types, used. */
const CONSUMER = `
import type { Agent } from '@weft/agents';
import { IDEMPOTENCY_META_KEY, McpError, McpTools, createMcpServer, mcpTools, serveMcp } from './dist/index.js';
import type {
  McpApproval, McpErrorCode, McpHttpServer, McpHttpTransport, McpServeOptions, McpServeTransport,
  McpServer, McpServerTransport, McpStdioServer, McpToolsOptions, McpTransportKind, ServedMcp,
} from './dist/index.js';

declare const agent: Agent;
const stdio: McpStdioServer = { command: 'node', args: ['server.js'] };
const http: McpHttpServer = { url: 'http://127.0.0.1:3000/mcp', headers: { authorization: 'Bearer t' } };
const approval: McpApproval = ['delete_file'];
const options: McpToolsOptions = { ...stdio, needsApproval: approval };
export const tools: Promise<McpTools> = mcpTools(options);
export const kind: McpTransportKind | undefined = undefined;
const serve: McpServeOptions = { toolName: 'ask', serverName: 'weft' };
const where: McpHttpTransport = { transport: 'http', port: 0, maxSessions: 10, sessionIdleMs: 60_000 };
const transport: McpServeTransport = where;
export const served: Promise<ServedMcp> = serveMcp(agent, { ...serve, ...transport });
export const server: McpServer = createMcpServer(agent, serve);
declare const anyTransport: McpServerTransport;
export const connected: Promise<void> = server.connect(anyTransport);
export const closed: Promise<void> = server.close();
export const code: McpErrorCode = new McpError('INVALID_ARGUMENT', 'x').code;
export const key: string = IDEMPOTENCY_META_KEY;
export { http };
`;

/**
 * A compiler host that serves `files` from memory and parses every file on
 * disk once for both programs (the same target): @weft/mcp's sources and the
 * declarations of its dependencies are most of the work, so the consumer's
 * program reuses what the first one read.
 */
function sharedHost(options: ts.CompilerOptions, files: Map<string, string>, parsed: Map<string, ts.SourceFile>): ts.CompilerHost {
  const host = ts.createCompilerHost(options);
  const inMemory = (name: string) => files.get(resolve(name));
  const { fileExists, readFile, directoryExists, getSourceFile } = host;
  host.fileExists = (name) => inMemory(name) !== undefined || fileExists(name);
  host.readFile = (name) => inMemory(name) ?? readFile(name);
  host.directoryExists = (name) => resolve(name).startsWith(VIRTUAL) || (directoryExists?.(name) ?? true);
  host.getSourceFile = (name, target, ...rest) => {
    const text = inMemory(name);
    if (text !== undefined) return ts.createSourceFile(name, text, target);
    const key = `${typeof target === 'object' ? JSON.stringify(target) : target}|${name}`;
    let file = parsed.get(key);
    if (!file) {
      file = getSourceFile(name, target, ...rest);
      if (file) parsed.set(key, file);
    }
    return file;
  };
  return host;
}

const COMMON: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  strict: true,
  types: ['node'],
  // @weft/agents and @weft/graph from their sources: their dist/ is not built here.
  customConditions: ['@weft/source'],
  allowImportingTsExtensions: true,
};

/** @weft/mcp's declarations, emitted from src/ as its build emits them into dist/, kept in memory (file name → text). */
function declarations(parsed: Map<string, ts.SourceFile>): Map<string, string> {
  const options: ts.CompilerOptions = {
    ...COMMON,
    declaration: true,
    emitDeclarationOnly: true,
    rewriteRelativeImportExtensions: true,
    skipLibCheck: true,
    rootDir: join(PACKAGE, 'src'),
    outDir: join(VIRTUAL, 'dist'),
  };
  const out = new Map<string, string>();
  const program = ts.createProgram([join(PACKAGE, 'src', 'index.ts')], options, sharedHost(options, new Map(), parsed));
  const emitted = program.emit(undefined, (name, text) => void out.set(resolve(name), text), undefined, true);
  expect(emitted.diagnostics.map(format)).toEqual([]);
  return out;
}

/**
 * The diagnostics of a consumer's program: strict NodeNext, `lib: ["ES2023"]`
 * (no DOM), `skipLibCheck: false`. Its own file and every declaration file it
 * loads are checked; the sources of @weft/agents and @weft/graph (resolved to
 * src/ here, where a consumer has their dist/) are their own packages' concern.
 */
function consumerDiagnostics(files: Map<string, string>, parsed: Map<string, ts.SourceFile>): string[] {
  const options: ts.CompilerOptions = { ...COMMON, lib: ['lib.es2023.d.ts'], skipLibCheck: false, noEmit: true };
  const consumer = join(VIRTUAL, 'consumer.ts');
  files.set(consumer, CONSUMER);
  const program = ts.createProgram([consumer], options, sharedHost(options, files, parsed));
  const checked = program.getSourceFiles().filter((f) => f.isDeclarationFile || f.fileName === consumer);
  return [
    ...program.getOptionsDiagnostics(),
    ...program.getGlobalDiagnostics(),
    ...checked.flatMap((f) => [...program.getSyntacticDiagnostics(f), ...program.getSemanticDiagnostics(f)]),
  ].map(format);
}

function format(d: ts.Diagnostic): string {
  const where = d.file ? `${d.file.fileName.replace(/^.*node_modules\//, '')}: ` : '';
  return `${where}${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
}

describe("@weft/mcp's public types", () => {
  it('compile in a consumer with lib ES2023 (no DOM) and skipLibCheck off', () => {
    const parsed = new Map<string, ts.SourceFile>();
    expect(consumerDiagnostics(declarations(parsed), parsed)).toEqual([]);
  }, 180_000);
});
