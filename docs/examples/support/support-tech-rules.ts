/**
 * The scripted Tech team: Tech sends a problem to Database or Network by
 * what the request describes, the specialist runs its tool, explains what
 * it found and hands back; Tech then hands back to the coordinator.
 */
import type { ScriptAnswer } from '@weft/models';
import type { Conversation } from './support-conversation.ts';
import { transfer } from './support-transfer.ts';

const NETWORK = /\b(network|connect\w*|reach\w*|dns|ping|latency|packets?)\b/i;
const HOST = /\b((?:[a-z0-9-]+\.)+[a-z]{2,})\b/i;

export function techRule(c: Conversation): ScriptAnswer {
  if (c.transferredTo('Database') || c.transferredTo('Network')) return transfer('Coordinator', 'The technical part is diagnosed.');
  if (NETWORK.test(c.request)) return transfer('Network', 'A host cannot be reached: a connectivity problem.');
  const symptom = /time[sd]? out|timeout/i.test(c.request) ? 'Timeouts' : 'Slowness';
  const why = /migration/i.test(c.request) ? `${symptom} started after a migration` : `${symptom} without a recent change`;
  return transfer('Database', `${why}: likely a query plan.`);
}

export function databaseRule(c: Conversation): ScriptAnswer {
  const found = c.result('slow_queries');
  if (found === undefined) return { toolCalls: [{ name: 'slow_queries', arguments: { since_hours: 24 } }] };
  const index = /index (\w+) missing/.exec(found)?.[1];
  return transfer(
    'Tech',
    'Diagnosis done.',
    index
      ? `The dashboard query scans the events table: the migration dropped ${index}. Recreate it with CREATE INDEX CONCURRENTLY.`
      : 'No query is slow enough to explain it: the database is not the cause.',
  );
}

export function networkRule(c: Conversation): ScriptAnswer {
  const host = HOST.exec(c.request)?.[1];
  if (!host)
    return transfer('Tech', 'The host is needed.', 'Which host cannot be reached? Send its name and I will measure the route to it.');
  const measured = c.result('ping');
  if (measured === undefined) return { toolCalls: [{ name: 'ping', arguments: { host } }] };
  const [, loss, ms] = /(\d+)% loss, (\d+) ms/.exec(measured) ?? [];
  return transfer(
    'Tech',
    'Diagnosis done.',
    loss === '0'
      ? `${host} answers with 0% loss in ${ms} ms: the network path is healthy, so check the firewall of the office network.`
      : `${host} loses ${loss ?? 'some'}% of packets: the route to it is unreliable.`,
  );
}
