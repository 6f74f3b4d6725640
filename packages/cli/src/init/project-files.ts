import { AGENT_TEMPLATE } from './agent-template.ts';
import { GRAPH_TEMPLATE } from './graph-template.ts';
import { TEST_TEMPLATE } from './test-template.ts';

/** What a new project is made from: its name, and the versions to depend on. */
export interface ProjectOptions {
  /** The package name (a valid npm name). */
  name: string;
  /** The running CLI's version: every @weft package is asked for at it (`^<version>`). */
  weftVersion: string;
  /** Version ranges of zod (the templates' schemas) and of the tools the scripts use, taken from the CLI's own package.json. */
  tools: { tsx: string; typescript: string; typesNode: string; zod: string };
}

/**
 * Every file of a new project, by path (with `/`): a package.json that
 * depends on the published @weft packages and zod, a strict NodeNext
 * tsconfig, one agent with a tool that needs approval, one graph (both with
 * Zod schemas, as the README teaches), one node:test file, an input for the
 * graph, a .gitignore and a README.
 */
export function projectFiles(o: ProjectOptions): Record<string, string> {
  const weft = `^${o.weftVersion}`;
  const pkg = {
    name: o.name,
    version: '0.1.0',
    private: true,
    type: 'module',
    scripts: {
      start: 'weft run src/agent.ts --query "Book two nights in Lisbon"',
      order: 'weft run src/graph.ts --input @order.json',
      threads: 'weft threads',
      // node runs the tests; tsx lets it read TypeScript.
      test: 'node --import tsx --test test/project.test.ts',
      typecheck: 'tsc',
    },
    dependencies: { '@weft/agents': weft, '@weft/graph': weft, '@weft/models': weft, '@weft/store-sqlite': weft, zod: o.tools.zod },
    devDependencies: { '@types/node': o.tools.typesNode, '@weft/cli': weft, tsx: o.tools.tsx, typescript: o.tools.typescript },
  };
  const tsconfig = {
    compilerOptions: {
      target: 'ES2022',
      lib: ['ES2023'],
      module: 'NodeNext',
      moduleResolution: 'NodeNext',
      strict: true,
      noUncheckedIndexedAccess: true,
      verbatimModuleSyntax: true,
      isolatedModules: true,
      noImplicitOverride: true,
      skipLibCheck: true,
      // tsx runs the TypeScript as it is: tsc only checks it.
      noEmit: true,
      allowImportingTsExtensions: true,
      types: ['node'],
    },
    include: ['src', 'test'],
  };
  return {
    'package.json': json(pkg),
    'tsconfig.json': json(tsconfig),
    'src/agent.ts': AGENT_TEMPLATE,
    'src/graph.ts': GRAPH_TEMPLATE,
    'test/project.test.ts': TEST_TEMPLATE,
    'order.json': json({ item: 'tea', quantity: 3 }),
    '.gitignore': 'node_modules\n.weft\n',
    'README.md': readme(o.name),
  };
}

const json = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;

function readme(name: string): string {
  return `# ${name}

A project built on [Weft](https://github.com/weft-dev/weft): an agent (\`src/agent.ts\`)
and a graph (\`src/graph.ts\`), run with the \`weft\` command.

\`\`\`sh
npm install
npm test             # the agent and the graph, offline (node:test)
npm start            # the agent: it stops to ask before booking, and prints the command that answers
npm run order        # the graph, on order.json
npm run threads      # the threads in .weft/weft.db, the default store
npx weft --help
\`\`\`

To draw the agent: \`npm install -D @weft/viz\`, then \`npx weft graph src/agent.ts --format html -o agent.html\`.
`;
}
