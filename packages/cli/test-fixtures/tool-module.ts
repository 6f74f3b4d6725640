/** A module that exports a tool and nothing to run: a tool runs inside an agent. */
import { tool } from '@weft/agents';
import { z } from 'zod';

export const bookFlight = tool({
  name: 'book_flight',
  description: 'Books a flight to a city.',
  parameters: z.object({ to: z.string() }),
  execute: ({ to }) => `booked a flight to ${to}`,
});
