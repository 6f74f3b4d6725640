/**
 * The items `pnpm bench:memory` fills a bank with, and the queries it asks:
 * short facts in three topics (billing, travel, health), each item in a
 * user's namespace `['users', 'u<nn>', <topic>]` over 100 users, so a search
 * under one user reaches 1% of the items and a search under `['users']`
 * reaches all of them. Words come from a seeded generator: every run and
 * every bank gets the same texts. Each text ends with its own number, so no
 * two texts are equal and an embedding cache never answers for a new item.
 */
export const USERS = 100;

const TOPICS = {
  billing: {
    subjects: ['the customer', 'the account', 'finance', 'the invoice', 'the plan', 'the card', 'the refund', 'the contract'],
    verbs: ['pays', 'renews', 'upgrades', 'cancels', 'disputes', 'receives', 'changes', 'reviews'],
    objects: ['the Pro plan', 'five seats', 'a Visa card', 'the monthly invoice', 'a discount', 'the tax form', 'euros', 'the trial'],
    details: ['in March', 'every month', 'before renewal', 'after the audit', 'with approval', 'at year end'],
  },
  travel: {
    subjects: ['she', 'he', 'the team', 'the manager', 'the traveller', 'the assistant', 'the family', 'the guest'],
    verbs: ['books', 'prefers', 'flies', 'reserves', 'avoids', 'changes', 'upgrades', 'cancels'],
    objects: [
      'an aisle seat',
      'a window seat',
      'the hotel near the station',
      'a rental car',
      'the morning flight',
      'a train to Berlin',
      'carry-on luggage',
      'a visa',
    ],
    details: ['on long flights', 'to Lisbon', 'from Berlin', 'on Fridays', 'for the conference', 'next summer'],
  },
  health: {
    subjects: ['the patient', 'she', 'he', 'the doctor', 'the dentist', 'the nurse', 'the coach', 'the pharmacist'],
    verbs: ['takes', 'avoids', 'books', 'recommends', 'checks', 'needs', 'follows', 'reports'],
    objects: [
      'blood pressure medication',
      'peanuts',
      'a low salt diet',
      'the yearly checkup',
      'reading glasses',
      'a morning run',
      'coffee',
      'the allergy test',
    ],
    details: ['every morning', 'twice a week', 'in October', 'after dinner', 'since spring', 'as advised'],
  },
} as const;

export type Topic = keyof typeof TOPICS;
export const TOPIC_NAMES = Object.keys(TOPICS) as Topic[];

/** A small seeded generator (mulberry32): the same sequence on every machine. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(random: () => number, xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;

/** Item number `n`: its namespace, key and value (`{ text, topic, n }`). */
export function benchFact(
  n: number,
  random: () => number,
): { namespace: string[]; key: string; value: { text: string; topic: Topic; n: number } } {
  const topic = TOPIC_NAMES[n % TOPIC_NAMES.length]!;
  const words = TOPICS[topic];
  const text = `${pick(random, words.subjects)} ${pick(random, words.verbs)} ${pick(random, words.objects)} ${pick(random, words.details)} (fact ${n})`;
  return { namespace: userNamespace(Math.floor(n / TOPIC_NAMES.length) % USERS, topic), key: `f${n}`, value: { text, topic, n } };
}

/** `['users', 'u07']`, or with a topic `['users', 'u07', 'travel']`. */
export function userNamespace(user: number, topic?: Topic): string[] {
  const ns = ['users', `u${String(user).padStart(2, '0')}`];
  return topic ? [...ns, topic] : ns;
}

/** A question-like query of one topic's words, as a person might type it. */
export function benchQuery(random: () => number): string {
  const words = TOPICS[pick(random, TOPIC_NAMES)];
  return `which ${pick(random, words.objects)} ${pick(random, words.details)}?`;
}
