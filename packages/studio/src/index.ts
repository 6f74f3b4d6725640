/**
 * @weft/studio — Weft Studio: an HTTP API and a live page over a Weft agent
 * or compiled graph, to run threads, watch their events, answer interrupts
 * and go back to any checkpoint, from the browser or any HTTP client.
 *
 * @example
 * import { serveStudio } from '@weft/studio';
 * const studio = await serveStudio({ target: agent, store, port: 4000 });
 * console.log(`open ${studio.url}`);
 */

export { createStudio } from './create-studio.ts';
export type { Studio, StudioOptions } from './create-studio.ts';
export { serveStudio } from './serve-studio.ts';
export type { ServeStudioOptions, ServedStudio } from './serve-studio.ts';
export type { StudioQueue, StudioQueueJob } from './runs/queue-runner.ts';
export { graphChanges, describeChanges } from './dev/graph-changes.ts';
export type { GraphChanges, ChangedNode } from './dev/graph-changes.ts';
export type { GraphEventData, GraphErrorData } from './dev/graph-feed.ts';
export type { StaleThread } from './dev/stale-threads.ts';
export type { ReplaceOptions } from './dev/replace-target.ts';
export type { StudioEvent, StudioEventKind, RunStartData, RunEndData } from './events/studio-event.ts';
export type { CallEventData, CallStatus, ModelCallStart, ModelCallEnd, ToolCallStart, ToolCallEnd } from './events/call-event.ts';
export type { ModelPrice } from './calls/model-prices.ts';
export { StudioError } from './errors.ts';
export type { StudioErrorCode, ErrorBody } from './errors.ts';
