import { toStandardJsonSchema } from '@valibot/to-json-schema';
import { type } from 'arktype';
import * as v from 'valibot';
import { describe, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { chatModelAgent } from '../agents/chat-model-agent.ts';
import { agentTool } from '../agents/agent-tool.ts';
import type { ChatModel, JsonSchema } from '@weft/chat-model';
import type { FromJsonSchema } from './from-json-schema.ts';
import { tool, type Tool, type ToolCheck } from './tool.ts';

type Weather = { city: string; days?: number; units: 'celsius' | 'fahrenheit' };
const base = { name: 'get_weather', description: 'The weather of a city.' };

describe('tool() infers the arguments from parameters', () => {
  it('Zod: the output type (defaults applied, transforms run)', () => {
    const t = tool({
      ...base,
      parameters: z.object({
        city: z.string().transform((s) => s.length),
        days: z.number().optional(),
        units: z.enum(['celsius', 'fahrenheit']).default('celsius'),
      }),
      execute: (args) => {
        expectTypeOf(args).toEqualTypeOf<{ city: number; days?: number | undefined; units: 'celsius' | 'fahrenheit' }>();
        return args.city;
      },
      needsApproval: ({ city }) => city > 3,
    });
    expectTypeOf(t).toEqualTypeOf<Tool<{ city: number; days?: number | undefined; units: 'celsius' | 'fahrenheit' }>>();
  });

  it('Valibot (wrapped with toStandardJsonSchema) and ArkType', () => {
    const viaValibot = tool({
      ...base,
      parameters: toStandardJsonSchema(
        v.object({ city: v.string(), days: v.optional(v.number()), units: v.picklist(['celsius', 'fahrenheit']) }),
      ),
      execute: (args) => expectTypeOf(args).toEqualTypeOf<{ city: string; days?: number | undefined; units: 'celsius' | 'fahrenheit' }>(),
    });
    const viaArkType = tool({
      ...base,
      parameters: type({ city: 'string', 'days?': 'number', units: "'celsius' | 'fahrenheit'" }),
      execute: (args) => expectTypeOf(args).toEqualTypeOf<{ city: string; days?: number; units: 'celsius' | 'fahrenheit' }>(),
    });
    expectTypeOf(viaValibot.execute).parameter(0).toMatchTypeOf<Weather>();
    expectTypeOf(viaArkType.execute).parameter(0).toMatchTypeOf<Weather>();
  });

  it('a JSON Schema written inline or `as const`', () => {
    const inline = tool({
      ...base,
      parameters: {
        type: 'object',
        properties: { city: { type: 'string' }, days: { type: 'integer' }, units: { enum: ['celsius', 'fahrenheit'] } },
        required: ['city', 'units'],
      },
      execute: (args) => expectTypeOf(args).toEqualTypeOf<Weather>(),
      needsApproval: ({ days }) => days === undefined,
    });
    expectTypeOf(inline).toEqualTypeOf<Tool<Weather>>();
    const schema = {
      type: 'object',
      properties: { city: { type: 'string' }, days: { type: 'integer' }, units: { type: 'string', enum: ['celsius', 'fahrenheit'] } },
      required: ['city', 'units'],
      additionalProperties: false,
    } as const;
    expectTypeOf(tool({ ...base, parameters: schema, execute: () => 1 })).toEqualTypeOf<Tool<Weather>>();
  });

  it('FromJsonSchema: every keyword it knows, unknown for the rest', () => {
    expectTypeOf<FromJsonSchema<{ type: 'string' }>>().toEqualTypeOf<string>();
    // A required list that is not literal names no key for certain: every property optional.
    expectTypeOf<FromJsonSchema<{ type: 'object'; properties: { a: { type: 'string' } }; required: string[] }>>().toEqualTypeOf<{
      a?: string;
    }>();
    expectTypeOf<FromJsonSchema<{ type: 'number' }>>().toEqualTypeOf<number>();
    expectTypeOf<FromJsonSchema<{ type: 'integer' }>>().toEqualTypeOf<number>();
    expectTypeOf<FromJsonSchema<{ type: 'boolean' }>>().toEqualTypeOf<boolean>();
    expectTypeOf<FromJsonSchema<{ type: 'null' }>>().toEqualTypeOf<null>();
    expectTypeOf<FromJsonSchema<{ type: readonly ['string', 'null'] }>>().toEqualTypeOf<string | null>();
    expectTypeOf<FromJsonSchema<{ type: 'array'; items: { type: 'boolean' } }>>().toEqualTypeOf<boolean[]>();
    expectTypeOf<FromJsonSchema<{ type: 'array' }>>().toEqualTypeOf<unknown[]>();
    expectTypeOf<FromJsonSchema<{ enum: readonly ['a', 1, null] }>>().toEqualTypeOf<'a' | 1 | null>();
    expectTypeOf<FromJsonSchema<{ const: 'only' }>>().toEqualTypeOf<'only'>();
    expectTypeOf<FromJsonSchema<{ anyOf: readonly [{ type: 'string' }, { type: 'number' }] }>>().toEqualTypeOf<string | number>();
    expectTypeOf<FromJsonSchema<{ oneOf: readonly [{ const: 1 }, { type: 'null' }] }>>().toEqualTypeOf<1 | null>();
    expectTypeOf<FromJsonSchema<{ type: 'object' }>>().toEqualTypeOf<Record<string, unknown>>();
    expectTypeOf<
      FromJsonSchema<{
        type: 'object';
        properties: { tags: { type: 'array'; items: { type: 'object'; properties: { k: { type: 'string' } }; required: ['k'] } } };
        additionalProperties: false;
      }>
    >().toEqualTypeOf<{ tags?: { k: string }[] }>();
    expectTypeOf<FromJsonSchema<{ type: 'date' }>>().toEqualTypeOf<unknown>();
    expectTypeOf<FromJsonSchema<{ type: string }>>().toEqualTypeOf<unknown>();
    expectTypeOf<FromJsonSchema<{ $ref: '#/$defs/x' }>>().toEqualTypeOf<unknown>();
    expectTypeOf<FromJsonSchema<JsonSchema>>().toEqualTypeOf<unknown>();
  });

  it('a JSON Schema typed Record<string, unknown> gives unknown; a type spelled by hand still works', () => {
    const plain: JsonSchema = { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] };
    const untyped = tool({ ...base, parameters: plain, execute: (args) => expectTypeOf(args).toEqualTypeOf<unknown>() });
    expectTypeOf(untyped).toEqualTypeOf<Tool<unknown>>();
    // Not `as const` either: `type` is only a string.
    const widened = { type: 'object', properties: { city: { type: 'string' } } };
    tool({ ...base, parameters: widened, execute: (args) => expectTypeOf(args).toEqualTypeOf<unknown>() });
    const typed = tool<{ city: string }>({ ...base, parameters: plain, execute: ({ city }) => city.toUpperCase() });
    expectTypeOf(typed).toEqualTypeOf<Tool<{ city: string }>>();
    expectTypeOf(typed.check).returns.toEqualTypeOf<ToolCheck<{ city: string }> | Promise<ToolCheck<{ city: string }>>>();
  });

  it('Tool means Tool<unknown>, and tools of different arguments share one array', () => {
    expectTypeOf<Tool>().toEqualTypeOf<Tool<unknown>>();
    const a = tool({ ...base, parameters: z.object({ city: z.string() }), execute: ({ city }) => city });
    const b = tool({ ...base, name: 'b', parameters: { type: 'object', properties: { n: { type: 'number' } } }, execute: () => 1 });
    const tools: Tool[] = [a, b];
    const model = {} as ChatModel;
    chatModelAgent({ name: 'A', description: '', model, tools: [a, b, agentTool(chatModelAgent({ name: 'B', description: '', model }))] });
    expectTypeOf(tools).toEqualTypeOf<Tool[]>();
  });
});

describe('tool() rejects code that does not fit the schema', () => {
  it('execute and needsApproval using what the schema does not have', () => {
    tool({
      ...base,
      parameters: z.object({ city: z.string() }),
      // @ts-expect-error there is no `town`
      execute: ({ town }) => town,
    });
    tool({
      ...base,
      parameters: type({ amount: 'number' }),
      execute: ({ amount }) => amount,
      // @ts-expect-error amount is a number
      needsApproval: (args: { amount: string }) => args.amount === 'all',
    });
    tool({
      ...base,
      parameters: { type: 'object', properties: { amount: { type: 'number' } }, required: ['amount'] },
      execute: ({ amount }) => amount,
      // @ts-expect-error amount is a number
      needsApproval: ({ amount }) => amount.startsWith('1'),
    });
    tool({
      ...base,
      parameters: { type: 'object', properties: { amount: { type: 'number' } } },
      // @ts-expect-error amount is optional (not in `required`)
      execute: ({ amount }) => amount.toFixed(2),
    });
    tool({
      ...base,
      parameters: toStandardJsonSchema(v.object({ city: v.string() })),
      // @ts-expect-error execute gets the arguments, not a string
      execute: (city: string) => city,
    });
  });

  it('execute on a plain JSON Schema cannot use its arguments unchecked', () => {
    const plain: JsonSchema = { type: 'object' };
    // @ts-expect-error args is unknown, not any
    tool({ ...base, parameters: plain, execute: (args) => args.city });
  });
});
