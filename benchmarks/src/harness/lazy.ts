import { FRAMEWORK_IDS, type Factory, type FrameworkId, type FrameworkModule, type ModuleShapeId } from './types.ts';

/** Thrown by a factory for a shape its framework cannot express; the cell prints `n/a: <reason>`. */
export class NotApplicableError extends Error {}

/**
 * Framework modules are imported on first use, not at startup: a framework
 * that fails to load (Weft while its API is in flux, a broken install) then
 * fails only its own cells instead of the whole process.
 */
const loaders: Record<FrameworkId, () => Promise<FrameworkModule>> = {
  baseline: async () => (await import('../frameworks/baseline.ts')).baseline,
  langgraph: async () => (await import('../frameworks/langgraph.ts')).langgraph,
  adk: async () => (await import('../frameworks/adk.ts')).adk,
  'adk-agents': async () => (await import('../frameworks/adk-agents.ts')).adkAgents,
  'openai-agents': async () => (await import('../frameworks/openai-agents.ts')).openaiAgents,
  weft: async () => (await import('../frameworks/weft.ts')).weft,
  'weft-ckpt': async () => (await import('../frameworks/weft.ts')).weftCheckpointed,
  'weft-exit': async () => (await import('../frameworks/weft.ts')).weftOnExit,
};

/**
 * Imports a framework's harness module, and with it the framework's packages,
 * without building anything: the cold table (src/cold/) times this apart from
 * the factory call. A shape with its own per-framework module (the stateful
 * ones) imports that module in its factory, so its import is part of the
 * factory's time; by then the framework's packages are loaded.
 */
export async function loadFramework(framework: FrameworkId): Promise<void> {
  await loaders[framework]();
}

export function lazy(framework: FrameworkId, shape: ModuleShapeId): Factory {
  return async (size) => {
    const entry = (await loaders[framework]())[shape];
    if (typeof entry !== 'function') throw new NotApplicableError(entry.na);
    return entry(size);
  };
}

/** Every framework's factory for one shape. */
export function factoriesFor(shape: ModuleShapeId): Record<FrameworkId, Factory> {
  return Object.fromEntries(FRAMEWORK_IDS.map((id) => [id, lazy(id, shape)])) as Record<FrameworkId, Factory>;
}
