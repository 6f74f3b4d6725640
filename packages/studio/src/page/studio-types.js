// @ts-check
/**
 * The shapes the studio's page reads from the API (see src/api/*.ts). The
 * page's scripts are inlined by studioPage() after @weft/viz's viewer code
 * (el, pretty, chips, byId, mountViewer, VizNode), in this order, in one
 * function scope: studio-types, -dom, -api, -sse, -schema, -graph, -events,
 * -run, -interrupts, -history, -state, -threads, -timeline, -usage,
 * -timeline-detail, -main.
 */

/** @typedef {{ code: string, message: string, details?: unknown }} ErrorInfo */
/** @typedef {{ id: string, address: string, path: string[], info: unknown, resumeSchema?: unknown }} InterruptRecord */
/** @typedef {{ name: string, displayName: string, hash: string, kind: 'agent' | 'graph', title: string, model: { name: string, hash: string, nodes: VizNode[] }, svg: string, drawn: { name: string, hash: string, nodes: VizNode[] }, level: 'agents' | 'nodes', expanded: string[], sessionValues: Record<string, unknown>, memoryBank?: boolean, schedules?: boolean }} GraphInfo */
/** Whether the served graph can continue a thread (graph.checkThread()). @typedef {{ status: 'current' | 'compatible' | 'needs-migration' | 'blocked', from: { hash: string, version?: string }, reasons: string[], migrations: string[] }} ThreadVersion */
/** What a thread's branch spent (@weft/graph's Usage). @typedef {{ tokens: number, inputTokens: number, outputTokens: number, costUsd: number, modelCalls: number, toolCalls: number, wallMs: number }} Usage */
/** @typedef {{ tokens?: number, costUsd?: number, modelCalls?: number, toolCalls?: number, wallMs?: number }} BudgetLimits */
/** @typedef {BudgetLimits & { onExceeded?: 'error' | 'interrupt' }} Budget */
/** A thread's usage at a checkpoint, its budget and what remains (null: none). @typedef {{ usage: Usage | null, budget: Budget | null, remaining: BudgetLimits | null }} ThreadUsage */
/** A `step.end` event's usage. @typedef {{ used: Usage, budget?: Budget, remaining?: BudgetLimits }} StepUsage */
/** @typedef {{ threadId: string, status: string, step: number, seq: number, checkpointId: string, updatedAt: number, running: boolean, graph: { name: string, hash: string, version?: string } | null, otherGraph: boolean, version: ThreadVersion | null } & ThreadUsage} ThreadRow */
/** @typedef {{ checkpointId: string, parentId: string | null, seq: number, step: number, status: string, source: string, createdAt: number, next: string[], interrupts: InterruptRecord[], error?: ErrorInfo }} CheckpointRow */
/** @typedef {{ threadId: string, checkpoints: CheckpointRow[], more: { before: number } | null }} HistoryPage */
/** @typedef {{ threadId: string, checkpointId: string, parentId: string | null, seq: number, step: number, status: string, source: string, createdAt: number, next: string[], interrupts: InterruptRecord[], state: unknown, output: unknown, error: unknown, running: boolean, version: ThreadVersion | null } & ThreadUsage} StateView */
/** @typedef {{ threadId: string, runId: string, events: string }} StartedRun */
/** One Server-Sent Event as it came: `data` is the JSON text. @typedef {{ id: string, event: string, data: string }} SseEvent */
/** @typedef {{ runId: string, threadId: string, mode: 'run' | 'resume' | 'fork', startedAt: number }} RunStart */
/** @typedef {{ runId: string, threadId: string, status: 'done' | 'interrupted' | 'error', checkpointId?: string, output?: unknown, interrupts?: InterruptRecord[], error?: ErrorInfo }} RunEnd */
/** A @weft/graph GraphEvent, loosely: `type` says which fields it has. @typedef {{ type: string, node?: string, path?: string[], step?: number, patches?: { op: string, path: (string | number)[], value?: unknown }[], interrupts?: InterruptRecord[], error?: ErrorInfo, status?: string }} GraphEventData */
/** A @weft/agents AgentEvent, loosely. @typedef {{ type: string, agentName: string, runPath: string[], output?: { message?: { role: string, content: string, toolCalls?: { id: string, name: string, arguments: string }[], name?: string }, stream?: { content?: string }, toolName?: string }, action?: { transferToAgent?: { destAgentName: string }, exit?: true, breakLoop?: true }, error?: ErrorInfo }} AgentEventData */
