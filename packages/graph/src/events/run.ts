import { EventRun } from './event-run.ts';
import type { GraphEvent } from './graph-event.ts';
import type { RunResult } from './run-result.ts';

/** A graph run: its events are `GraphEvent`s and it resolves to a `RunResult`. */
export class Run<Out = unknown, S = unknown> extends EventRun<GraphEvent, RunResult<Out, S>> {}
