import type { Factory, FrameworkId, FrameworkModule, ShapeId } from './types.ts';

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
  weft: async () => (await import('../frameworks/weft.ts')).weft,
  'weft-ckpt': async () => (await import('../frameworks/weft.ts')).weftCheckpointed,
};

export function lazy(framework: FrameworkId, shape: ShapeId): Factory {
  return async (size) => (await loaders[framework]())[shape](size);
}

/** Every framework's factory for one shape. */
export function factoriesFor(shape: ShapeId): Record<FrameworkId, Factory> {
  return {
    baseline: lazy('baseline', shape),
    langgraph: lazy('langgraph', shape),
    adk: lazy('adk', shape),
    'adk-agents': lazy('adk-agents', shape),
    weft: lazy('weft', shape),
    'weft-ckpt': lazy('weft-ckpt', shape),
  };
}
