/** src/agent.ts of a new project: one agent whose tool asks a person first, on a scripted model so it runs offline. */
export const AGENT_TEMPLATE = `/**
 * A travel agent with one tool. Booking needs a person's approval: \`npm start\`
 * stops there and prints the \`weft resume\` command that answers it.
 *
 * The model is scripted, so the agent runs offline and the same way every
 * time. For a real one: openAIChatModel({ model: 'gpt-4o-mini' }) from
 * @weft/models (any server that speaks the OpenAI Chat Completions protocol).
 */
import { chatModelAgent, tool } from '@weft/agents';
import { scriptedModel } from '@weft/models';
import { z } from 'zod';

// The arguments are typed from the schema (city: string, nights: number); the model is given its JSON Schema,
// and arguments it gets wrong are sent back to it with what is wrong.
export const bookHotel = tool({
  name: 'book_hotel',
  description: 'Books a hotel room in a city for some nights.',
  parameters: z.object({ city: z.string(), nights: z.number().int().min(1) }),
  needsApproval: true,
  execute: async ({ city, nights }) => \`booked \${nights} nights in \${city}\`,
});

// Each call looks at the conversation, so the script also fits a run resumed in another process:
// before the tool has answered it asks for the booking, after it reports what the tool said.
const model = scriptedModel(
  [
    (messages) => {
      const last = messages.at(-1);
      if (last?.role === 'tool') return { text: \`Done: \${last.content}.\` };
      return { toolCalls: [{ name: 'book_hotel', arguments: { city: 'Lisbon', nights: 2 } }] };
    },
  ],
  { repeatLast: true },
);

export const agent = chatModelAgent({
  name: 'TravelAgent',
  description: 'Books hotels.',
  instruction: 'You book hotels. Ask the book_hotel tool; report what it says.',
  model,
  tools: [bookHotel],
});
`;
