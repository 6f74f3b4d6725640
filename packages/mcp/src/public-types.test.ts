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
  const host = sharedHost(options, files, parsed);
  const program = ts.createProgram([consumer], options, host);
  const seen = consumerDeclarations(program, options, host, [consumer, ...files.keys()]);
  const checked = program.getSourceFiles().filter((f) => seen.has(resolve(f.fileName)));
  return [
    ...program.getOptionsDiagnostics(),
    ...program.getGlobalDiagnostics(),
    ...checked.flatMap((f) => [...program.getSyntacticDiagnostics(f), ...program.getSemanticDiagnostics(f)]),
  ].map(format);
}

/**
 * The files a consumer's program loads through declarations: from the
 * consumer and @weft/mcp's declarations, every declaration file they import,
 * transitively, plus the libraries and `@types` the options load. Files that
 * only the workspace's sources import (resolved to src/ here) are left out:
 * a consumer gets those packages' dist/ declarations, which do not import
 * them (msgpackr's `pack` entry point, whose declarations re-export from '.',
 * which NodeNext cannot resolve, is imported by @weft/checkpoint's source only).
 */
function consumerDeclarations(program: ts.Program, options: ts.CompilerOptions, host: ts.CompilerHost, roots: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...roots.map((r) => resolve(r))];
  for (const f of program.getSourceFiles())
    if (f.isDeclarationFile && (program.isSourceFileDefaultLibrary(f) || f.fileName.includes('/@types/'))) queue.push(resolve(f.fileName));
  for (let name = queue.shift(); name !== undefined; name = queue.shift()) {
    if (seen.has(name)) continue;
    seen.add(name);
    const file = program.getSourceFile(name);
    if (!file) continue;
    for (const specifier of moduleSpecifiers(file)) {
      const mode = ts.getModeForUsageLocation(file, specifier, options);
      const target = ts.resolveModuleName(specifier.text, file.fileName, options, host, undefined, undefined, mode).resolvedModule
        ?.resolvedFileName;
      if (target && /\.d\.[cm]?ts$/.test(target)) queue.push(resolve(target));
    }
    for (const r of file.referencedFiles) queue.push(resolve(dirname(name), r.fileName));
    for (const t of file.typeReferenceDirectives) {
      const target = ts.resolveTypeReferenceDirective(t.fileName, file.fileName, options, host).resolvedTypeReferenceDirective
        ?.resolvedFileName;
      if (target) queue.push(resolve(target));
    }
  }
  return seen;
}

/** Every module a file names: imports, exports from, `import x = require()`, and `import("…")` types anywhere in it. */
function moduleSpecifiers(file: ts.SourceFile): ts.StringLiteralLike[] {
  const found: ts.StringLiteralLike[] = [];
  const visit = (node: ts.Node): void => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteralLike(node.moduleSpecifier)
    )
      found.push(node.moduleSpecifier);
    else if (ts.isExternalModuleReference(node) && ts.isStringLiteralLike(node.expression)) found.push(node.expression);
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteralLike(node.argument.literal))
      found.push(node.argument.literal);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
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
