import type { MemoryBank } from '../bank/memory-bank.ts';

/**
 * Two labelled sets for measuring recall: each 30 short facts in three topics
 * and 9 questions with the fact that answers each, worded as a person would
 * ask (sharing some words with their fact and some with its neighbours).
 * Store tests and `pnpm bench:memory` measure both on every bank, so a
 * difference between two figures says whether it comes from the bank or the
 * set.
 */
export interface RecallSet {
  name: string;
  /** topic → key → text; items are put under `['facts', topic]`. */
  facts: Record<string, Record<string, string>>;
  /** [question, topic, key of the answering fact] */
  queries: readonly (readonly [string, string, string])[];
}

export const RECALL_SETS: readonly RecallSet[] = [
  {
    name: 'billing-travel-health',
    facts: {
      billing: {
        plan: 'The customer is on the Pro plan with five seats',
        card: 'Payments are made with a Visa card ending in 4242',
        invoice: 'Invoices are sent on the first day of each month',
        currency: 'The account is billed in euros',
        discount: 'A twenty percent discount applies until March',
        refund: 'A refund for the duplicate charge was issued in May',
        contact: 'Billing questions go to the finance team at Acme',
        tax: 'The company is exempt from sales tax',
        trial: 'The free trial ended on the tenth of January',
        upgrade: 'The customer asked about upgrading to the Enterprise plan',
      },
      travel: {
        seat: 'Prefers an aisle seat on long flights',
        airline: 'Usually flies with Lufthansa from Berlin',
        hotel: 'Likes hotels close to the main train station',
        passport: 'The passport expires in August next year',
        meal: 'Orders a vegetarian meal on every flight',
        visa: 'Needs a visa for trips to India',
        luggage: 'Travels with carry-on luggage only',
        time: 'Prefers morning departures before nine',
        loyalty: 'Has gold status in the Miles and More programme',
        car: 'Rents an electric car when visiting California',
      },
      health: {
        allergy: 'Is allergic to peanuts and shellfish',
        doctor: 'The family doctor is Dr Meyer in Potsdam',
        medication: 'Takes blood pressure medication every morning',
        exercise: 'Runs five kilometres three times a week',
        sleep: 'Sleeps badly after drinking coffee in the evening',
        diet: 'Follows a low salt diet',
        checkup: 'The yearly checkup is booked for October',
        glasses: 'Wears reading glasses for small print',
        dentist: 'The dentist appointment is every six months',
        insurance: 'Health insurance is with TK',
      },
    },
    queries: [
      ['Which plan is the customer on?', 'billing', 'plan'],
      ['What card are payments made with?', 'billing', 'card'],
      ['When are invoices sent?', 'billing', 'invoice'],
      ['What seat does she prefer on flights?', 'travel', 'seat'],
      ['Which airline does he usually fly with?', 'travel', 'airline'],
      ['When does the passport expire?', 'travel', 'passport'],
      ['What is she allergic to?', 'health', 'allergy'],
      ['Who is the family doctor?', 'health', 'doctor'],
      ['When is the yearly checkup?', 'health', 'checkup'],
    ],
  },
  {
    name: 'travel-cooking-work',
    facts: {
      travel: {
        flight: 'The flight to Lisbon leaves on Friday at 9 am',
        hotel: 'The hotel in Lisbon is booked for three nights',
        passport: 'Her passport expires in March next year',
        seat: 'She prefers a window seat on long flights',
        luggage: 'Checked luggage is limited to one bag of 23 kg',
        train: 'The train from Porto to Lisbon takes three hours',
        visa: 'No visa is needed for a stay under ninety days',
        car: 'A rental car is reserved at the airport for Saturday',
        insurance: 'Travel insurance covers lost luggage and delays',
        currency: 'Portugal uses the euro as its currency',
      },
      cooking: {
        allergy: 'He is allergic to peanuts and tree nuts',
        oven: 'The oven runs hot, so bake at 10 degrees lower',
        bread: 'Sourdough bread needs the starter fed the night before',
        diet: 'She eats no meat but does eat fish',
        coffee: 'Morning coffee is a double espresso with oat milk',
        pasta: 'Fresh pasta cooks in about three minutes',
        spice: 'The family likes mild curry, never very spicy food',
        knife: 'The chef knife needs sharpening every month',
        rice: 'Rice is cooked with two cups of water per cup of rice',
        dessert: 'Dessert on Sundays is apple pie with cream',
      },
      work: {
        standup: 'The team standup is every weekday at 9 30',
        deploy: 'Deploys to production happen on Tuesday and Thursday',
        manager: 'Her manager is Priya, who leads the platform team',
        review: 'Code review needs two approvals before merging',
        oncall: 'The on call rotation changes every Monday',
        laptop: 'The work laptop is a 14 inch machine with 32 GB of memory',
        holiday: 'Annual leave is 25 days plus public holidays',
        office: 'The office is open Monday to Thursday; Friday is remote',
        language: 'The backend is written in TypeScript and Go',
        meeting: 'The quarterly planning meeting is in the big room',
      },
    },
    queries: [
      ['When does the flight to Lisbon leave?', 'travel', 'flight'],
      ['How long does the train from Porto take?', 'travel', 'train'],
      ['Which seat does she prefer on flights?', 'travel', 'seat'],
      ['What is he allergic to?', 'cooking', 'allergy'],
      ['How should the morning coffee be made?', 'cooking', 'coffee'],
      ['How much water for the rice?', 'cooking', 'rice'],
      ['Who is her manager?', 'work', 'manager'],
      ['On which days do deploys to production happen?', 'work', 'deploy'],
      ['How many approvals does code review need?', 'work', 'review'],
    ],
  },
];

/** What measureRecall found: hits of `of` questions, the first result of each (`topic/key`), and what each miss got. */
export interface RecallFigure {
  hits: number;
  of: number;
  firsts: string[];
  misses: string[];
}

/**
 * Recall@k of a labelled set on a bank: its facts put under
 * `[...root, topic]`, each question searched under `root` with `limit: k`; a
 * hit when the answering fact is among the k. The bank should have an
 * embedder: a search that answers in another mode than `vector` fails.
 *
 * @example
 * const figure = await measureRecall(new InMemoryBank({ embedder: hashEmbedder() }), RECALL_SETS[0]!);
 * console.log(`${figure.hits}/${figure.of}`);
 */
export async function measureRecall(
  bank: MemoryBank,
  set: RecallSet,
  options: { k?: number; root?: readonly string[] } = {},
): Promise<RecallFigure> {
  const root = [...(options.root ?? ['facts'])];
  for (const [topic, facts] of Object.entries(set.facts))
    for (const [key, text] of Object.entries(facts)) await bank.put([...root, topic], key, { text });
  let hits = 0;
  const firsts: string[] = [];
  const misses: string[] = [];
  const at = (i: { namespace: string[]; key: string }) => `${i.namespace[root.length]}/${i.key}`;
  for (const [query, topic, key] of set.queries) {
    const { items, mode } = await bank.search(root, { query, limit: options.k ?? 3 });
    if (mode !== 'vector') throw new Error(`measureRecall: search answered in ${mode} mode, not vector: give the bank an embedder`);
    firsts.push(items[0] ? at(items[0]) : '');
    if (items.some((i) => i.namespace[root.length] === topic && i.key === key)) hits++;
    else misses.push(`"${query}" (wanted ${topic}/${key}, got ${items.map(at).join(', ')})`);
  }
  return { hits, of: set.queries.length, firsts, misses };
}
