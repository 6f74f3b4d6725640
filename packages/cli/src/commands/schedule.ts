import type { ScheduleInfo, ScheduleOverlap, WeftQueue, WeftScheduleOptions } from '@weft/bullmq';
import type { CliIo } from '../cli-io.ts';
import type { Command } from '../command.ts';
import { usageError } from '../errors.ts';
import { loadOptional } from '../load-optional.ts';
import { parseCommandArgs, type ParsedCommandArgs } from '../parse-command-args.ts';
import { commandReach, launcherText } from '../printed-command.ts';
import { queueAddress } from '../queue-address.ts';
import { terminalSafe } from '../terminal-safe.ts';
import { wholeNumberFlag } from '../whole-number-flag.ts';

const USAGE = `usage: weft schedule add <id> --redis <url> --target <name> (--cron <pattern> | --every-ms <ms>) [options]
       weft schedule list --redis <url> [--queue-name <name>]
       weft schedule remove <id> --redis <url> [--queue-name <name>]

Runs a queue's target on a schedule: every tick, a worker of the queue
(weft worker) adds a run of the target, as weft run --queue would. The
schedule lives in Redis, so it goes on whichever workers run. Ticks missed
while no worker ran come back as one run when a worker starts, not one per
missed tick. add under an id that exists replaces that schedule.

options:
  --redis <url>           the Redis server of the queue: redis://[user:password@]host[:port][/db]
  --queue-name <name>     the queue (default weft)
  --target <name>         the target the workers serve: the module's export ("graph", "agent",
                          "default", or weft worker --export's name)
  --cron <pattern>        a cron pattern, e.g. "0 6 * * *" (5 fields, or 6 with seconds first)
  --timezone <zone>       the IANA time zone of --cron (default the workers' zone)
  --every-ms <ms>         a period in milliseconds instead of --cron
  --input <json>          every run's input as JSON: a graph's input, or an agent's query as a
                          JSON string ("\\"Summarise the news\\"")
  --thread <id>           new (default): a fresh thread per tick; any other id: every tick runs
                          that thread
  --overlap <what>        with --thread <id>, what a tick does while that thread's run goes on:
                          skip (default; recorded as skipped), enqueue, interrupt, rollback, reject

It prints the schedule (add), every schedule of the queue with its next
tick, latest run and skipped ticks (list), or what it removed (remove).
Exit code 1 when remove finds no such schedule, 2 for a wrong command line.`;

const OPTIONS = {
  redis: { type: 'string' },
  'queue-name': { type: 'string' },
  target: { type: 'string' },
  cron: { type: 'string' },
  timezone: { type: 'string' },
  'every-ms': { type: 'string' },
  input: { type: 'string' },
  thread: { type: 'string' },
  overlap: { type: 'string' },
} as const;

type Values = ParsedCommandArgs<typeof OPTIONS>['values'];

const ACTIONS = ['add', 'list', 'remove'];

/** `weft schedule add|list|remove`: a queue's schedules (BullMQ job schedulers the workers turn into runs). */
export const scheduleCommand: Command = {
  name: 'schedule',
  usage: USAGE,
  async execute(args, io) {
    const { values, positionals } = parseCommandArgs('schedule', args, OPTIONS, { names: ['action', 'id'], required: 1 }, io);
    const weft = launcherText(commandReach(io));
    const [action, id] = positionals;
    if (!ACTIONS.includes(action!))
      throw usageError(`schedule ${JSON.stringify(action)} is not add, list or remove`, `${weft} schedule --help shows how to call it`);
    if (values.redis === undefined)
      throw usageError(
        'schedule needs --redis <url>: the Redis server of the queue',
        `e.g. ${weft} schedule list --redis redis://127.0.0.1:6379`,
      );
    if (action !== 'list' && id === undefined)
      throw usageError(`schedule ${action} needs <id>`, `e.g. ${weft} schedule ${action} nightly --redis <url> …`);
    if (action === 'list' && id !== undefined) throw usageError('schedule list takes no <id>', `${weft} schedule list --redis <url>`);
    const spec = action === 'add' ? scheduleSpec(values, weft) : undefined;
    const address = queueAddress('--redis', values.redis, values['queue-name']);
    const { WeftQueue } = await loadOptional<typeof import('@weft/bullmq')>('@weft/bullmq', 'QUEUE_UNAVAILABLE', 'the queue');
    const queue = new WeftQueue({ queue: address.name, connection: address.connection.options });
    try {
      if (spec) {
        io.stdout(`${terminalSafe(`added ${scheduleLine(await addSchedule(queue, id!, spec, weft))}`)}\n`);
        return 0;
      }
      if (action === 'remove') return (await queue.unschedule(id!)) ? removed(io, id!) : notFound(io, id!, address.name);
      const all = await queue.schedules();
      io.stdout(
        all.length === 0
          ? `no schedules on queue ${terminalSafe(address.name)}\n`
          : all.map((s) => `${terminalSafe(scheduleLine(s))}\n`).join(''),
      );
      return 0;
    } finally {
      await queue.close();
    }
  },
};

/** `add`'s flags as `queue.schedule()` takes them (it checks the pattern, zone and target itself). */
function scheduleSpec(values: Values, weft: string): WeftScheduleOptions {
  if (values.target === undefined)
    throw usageError(
      'schedule add needs --target <name>',
      `e.g. ${weft} schedule add nightly --target graph --cron "0 6 * * *" --redis <url>`,
    );
  if ((values.cron === undefined) === (values['every-ms'] === undefined))
    throw usageError('schedule add needs one of --cron <pattern> and --every-ms <ms>', 'e.g. --cron "0 6 * * *" or --every-ms 60000');
  const everyMs = wholeNumberFlag('schedule', 'every-ms', values['every-ms'], { unit: 'milliseconds', least: 1, example: 60_000 });
  let input: unknown;
  if (values.input !== undefined) {
    try {
      input = JSON.parse(values.input) as unknown;
    } catch {
      throw usageError(
        `--input ${JSON.stringify(values.input)} is not JSON`,
        `give JSON, e.g. --input '{"topic":"news"}' or --input '"Summarise the news"'`,
      );
    }
  }
  return {
    target: values.target,
    ...(values.cron !== undefined ? { cron: values.cron } : { everyMs }),
    ...(values.timezone !== undefined ? { timezone: values.timezone } : {}),
    ...(input !== undefined ? { input } : {}),
    ...(values.thread !== undefined ? { threadId: values.thread } : {}),
    // queue.schedule() checks the overlap (a bad one is QUEUE_SCHEDULE_INVALID, told as a wrong command line).
    ...(values.overlap !== undefined ? { overlap: values.overlap as ScheduleOverlap } : {}),
  };
}

/** `queue.schedule()`, its refusal of a bad pattern, zone or period (nothing stored) told as a wrong command line. */
async function addSchedule(queue: WeftQueue, id: string, spec: WeftScheduleOptions, weft: string): Promise<ScheduleInfo> {
  try {
    return await queue.schedule(id, spec);
  } catch (err) {
    if ((err as { code?: unknown }).code !== 'QUEUE_SCHEDULE_INVALID') throw err;
    const why = (err as Error).message.replace(/^queue\.schedule\(.*?\): /, '');
    throw usageError(`schedule add ${id}: ${why}`, `nothing was stored; ${weft} schedule --help shows the flags`);
  }
}

const iso = (ms: number) => new Date(ms).toISOString();

/** One schedule on one line: what, when, which thread, the next tick, the latest run and how many ticks were skipped. */
export function scheduleLine(s: ScheduleInfo): string {
  const when = s.cron !== undefined ? `cron ${s.cron}${s.timezone ? ` (${s.timezone})` : ''}` : `every ${s.everyMs} ms`;
  const thread = s.threadId === 'new' ? 'new thread per tick' : `thread ${s.threadId} · overlap ${s.overlap}`;
  const last = s.runs.at(-1);
  return [
    `schedule ${s.id}`,
    `target ${s.target}`,
    when,
    thread,
    s.next !== undefined ? `next ${iso(s.next)}` : 'no next tick',
    last ? `last run ${iso(last.at)} (job ${last.jobId})` : 'no run yet',
    `${s.skipped.length} skipped`,
  ].join(' · ');
}

function removed(io: CliIo, id: string): number {
  io.stdout(`${terminalSafe(`removed schedule ${id}`)}\n`);
  return 0;
}

function notFound(io: CliIo, id: string, queue: string): number {
  io.stderr(`${terminalSafe(`weft: no schedule ${JSON.stringify(id)} on queue ${queue}`)}\n`);
  return 1;
}
