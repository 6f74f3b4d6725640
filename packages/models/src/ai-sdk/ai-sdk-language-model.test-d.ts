// The structural AI SDK types against the real ones of @ai-sdk/provider 2
// (AI SDK 5), 3 (AI SDK 6) and 4 (AI SDK 7), installed as dev dependencies only.
import type * as V4 from '@ai-sdk/provider';
import type * as V2 from 'ai-sdk-provider-v2';
import type * as V3 from 'ai-sdk-provider-v3';
import { describe, expectTypeOf, it } from 'vitest';
import type {
  AiSdkCallOptions,
  AiSdkFinishReason,
  AiSdkFlatUsage,
  AiSdkJsonResponseFormat,
  AiSdkReadContentPart,
  AiSdkReadStreamPart,
  AiSdkResponseMetadata,
  AiSdkTokenUsage,
  AiSdkToolChoice,
  AiSdkV4FileData,
} from './ai-sdk-language-model.ts';
import { aiSdkModel } from './ai-sdk-model.ts';

type ModelParameter = Parameters<typeof aiSdkModel>[0];

/**
 * The part types Weft reads that `Real` lacks or shapes differently (`never`
 * when all fit). Checked per type because an unread part may have any shape.
 */
type Misfits<Real, Read extends { type: string }> = {
  [T in Read['type']]: [Extract<Real, { type: T }>] extends [never]
    ? T
    : Extract<Real, { type: T }> extends Extract<Read, { type: T }>
      ? never
      : T;
}[Read['type']];

describe('aiSdkModel accepts a language model of every spec version', () => {
  it('takes LanguageModelV2, V3 and V4 from the package of each AI SDK major', () => {
    expectTypeOf<V2.LanguageModelV2>().toExtend<ModelParameter>();
    expectTypeOf<V3.LanguageModelV3>().toExtend<ModelParameter>();
    expectTypeOf<V4.LanguageModelV4>().toExtend<ModelParameter>();
    // @ai-sdk/provider 4 still describes the older specs; its copies fit too.
    expectTypeOf<V4.LanguageModelV2>().toExtend<ModelParameter>();
    expectTypeOf<V4.LanguageModelV3>().toExtend<ModelParameter>();
    // ai@5 and ai@6 type a model as a union of versions.
    expectTypeOf<V2.LanguageModelV2 | V3.LanguageModelV3>().toExtend<ModelParameter>();

    const v2 = {} as V2.LanguageModelV2;
    const v3 = {} as V3.LanguageModelV3;
    const v4 = {} as V4.LanguageModelV4;
    aiSdkModel(v2);
    aiSdkModel(v3);
    aiSdkModel(v4, { toolChoice: { type: 'tool', toolName: 'get_weather' } });
  });

  it('sends call options that each version accepts', () => {
    expectTypeOf<AiSdkCallOptions>().toExtend<V2.LanguageModelV2CallOptions>();
    expectTypeOf<AiSdkCallOptions>().toExtend<V3.LanguageModelV3CallOptions>();
    expectTypeOf<AiSdkCallOptions<AiSdkV4FileData>>().toExtend<V4.LanguageModelV4CallOptions>();
    expectTypeOf<AiSdkToolChoice>().toEqualTypeOf<V2.LanguageModelV2ToolChoice>();
    expectTypeOf<AiSdkToolChoice>().toEqualTypeOf<V3.LanguageModelV3ToolChoice>();
    expectTypeOf<AiSdkToolChoice>().toEqualTypeOf<V4.LanguageModelV4ToolChoice>();
    expectTypeOf<AiSdkJsonResponseFormat>().toExtend<NonNullable<V2.LanguageModelV2CallOptions['responseFormat']>>();
    expectTypeOf<AiSdkJsonResponseFormat>().toExtend<NonNullable<V3.LanguageModelV3CallOptions['responseFormat']>>();
    expectTypeOf<AiSdkJsonResponseFormat>().toExtend<NonNullable<V4.LanguageModelV4CallOptions['responseFormat']>>();
  });

  it("reads each version's finish reason: v2's string, v3's and v4's { unified, raw }", () => {
    expectTypeOf<V2.LanguageModelV2FinishReason>().toExtend<AiSdkFinishReason>();
    expectTypeOf<V3.LanguageModelV3FinishReason>().toExtend<AiSdkFinishReason>();
    expectTypeOf<V4.LanguageModelV4FinishReason>().toExtend<AiSdkFinishReason>();
  });

  it('reads content and stream parts that have the shape each version gives them', () => {
    expectTypeOf<Misfits<V2.LanguageModelV2Content, AiSdkReadContentPart>>().toBeNever();
    expectTypeOf<Misfits<V3.LanguageModelV3Content, AiSdkReadContentPart>>().toBeNever();
    expectTypeOf<Misfits<V4.LanguageModelV4Content, AiSdkReadContentPart>>().toBeNever();
    expectTypeOf<Misfits<V2.LanguageModelV2StreamPart, AiSdkReadStreamPart<AiSdkFlatUsage>>>().toBeNever();
    expectTypeOf<Misfits<V3.LanguageModelV3StreamPart, AiSdkReadStreamPart<AiSdkTokenUsage>>>().toBeNever();
    expectTypeOf<Misfits<V4.LanguageModelV4StreamPart, AiSdkReadStreamPart<AiSdkTokenUsage>>>().toBeNever();
    expectTypeOf<V2.LanguageModelV2Usage>().toExtend<AiSdkFlatUsage>();
    expectTypeOf<V3.LanguageModelV3Usage>().toExtend<AiSdkTokenUsage>();
    expectTypeOf<V4.LanguageModelV4Usage>().toExtend<AiSdkTokenUsage>();
  });

  it("reads each version's response metadata, from doGenerate and from the stream", () => {
    type Generated<M extends { doGenerate: (...args: never[]) => PromiseLike<unknown> }> = Awaited<ReturnType<M['doGenerate']>>;
    expectTypeOf<NonNullable<Generated<V2.LanguageModelV2>['response']>>().toExtend<AiSdkResponseMetadata>();
    expectTypeOf<NonNullable<Generated<V3.LanguageModelV3>['response']>>().toExtend<AiSdkResponseMetadata>();
    expectTypeOf<NonNullable<Generated<V4.LanguageModelV4>['response']>>().toExtend<AiSdkResponseMetadata>();
  });
});

describe('aiSdkModel rejects what is not such a model', () => {
  type V4Model = V4.LanguageModelV4;

  it('rejects an unknown spec version, and usage of the wrong version', () => {
    expectTypeOf<Omit<V4Model, 'specificationVersion'> & { specificationVersion: 'v1' }>().not.toExtend<ModelParameter>();
    // A v4 model reports usage with breakdowns, not v2's flat counts.
    type FlatV4 = Omit<V4Model, 'doGenerate'> & {
      doGenerate(options: V4.LanguageModelV4CallOptions): PromiseLike<{ content: []; usage: V2.LanguageModelV2Usage }>;
    };
    expectTypeOf<FlatV4>().not.toExtend<ModelParameter>();
  });

  it('rejects a model that needs call options Weft does not send', () => {
    // Would pass if doGenerate were a method (its parameter then checked both ways).
    type NeedsSeed = Omit<V4Model, 'doGenerate'> & {
      doGenerate(options: AiSdkCallOptions & { seed: number }): ReturnType<V4Model['doGenerate']>;
    };
    expectTypeOf<NeedsSeed>().not.toExtend<ModelParameter>();
  });

  it('rejects a tool choice no version knows', () => {
    // @ts-expect-error 'any' is not an AI SDK tool choice
    aiSdkModel({} as V4Model, { toolChoice: { type: 'any' } });
  });
});
