import { CliError } from './errors.ts';
import { readThreadHead } from './read-thread-head.ts';
import { resumeCommand, type ResumeTarget } from './resume-command.ts';

/** A new run on a thread that waits on interrupts would leave them unanswered: most likely `resume` was meant. */
export async function refuseInterrupted(target: ResumeTarget, threadId: string): Promise<void> {
  const { opened } = target;
  const head = await opened.store.get(threadId);
  if (head?.status !== 'interrupted') return;
  const { record } = await readThreadHead(target, threadId);
  throw new CliError(
    'THREAD_INTERRUPTED',
    `thread "${threadId}" waits on ${record.interrupts.map((i) => JSON.stringify(i.id)).join(', ')}: a new run would leave that unanswered`,
    `run on another --thread, or answer it with: ${resumeCommand(threadId, record.interrupts, target)}`,
  );
}
