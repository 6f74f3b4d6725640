// The structural AI SDK embedding types against the real ones of @ai-sdk/provider 2
// (AI SDK 5), 3 (AI SDK 6) and 4 (AI SDK 7), installed as dev dependencies only.
import type * as V4 from '@ai-sdk/provider';
import type * as V2 from 'ai-sdk-provider-v2';
import type * as V3 from 'ai-sdk-provider-v3';
import { describe, expectTypeOf, it } from 'vitest';
import type { AiSdkEmbedOptions } from './ai-sdk-embedding-model.ts';
import { aiSdkEmbedder } from './ai-sdk-embedder.ts';

type ModelParameter = Parameters<typeof aiSdkEmbedder>[0];

describe('aiSdkEmbedder accepts a text embedding model of every spec version', () => {
  it('takes EmbeddingModelV2<string>, V3 and V4 from the package of each AI SDK major', () => {
    expectTypeOf<V2.EmbeddingModelV2<string>>().toExtend<ModelParameter>();
    expectTypeOf<V3.EmbeddingModelV3>().toExtend<ModelParameter>();
    expectTypeOf<V4.EmbeddingModelV4>().toExtend<ModelParameter>();
    // @ai-sdk/provider 4 still describes the older specs; its copies fit too.
    expectTypeOf<V4.EmbeddingModelV2<string>>().toExtend<ModelParameter>();
    expectTypeOf<V4.EmbeddingModelV3>().toExtend<ModelParameter>();
  });

  it('refuses a v2 model of values other than text', () => {
    expectTypeOf<V2.EmbeddingModelV2<number>>().not.toExtend<ModelParameter>();
  });

  it('sends call options that each version accepts', () => {
    expectTypeOf<AiSdkEmbedOptions>().toExtend<Parameters<V2.EmbeddingModelV2<string>['doEmbed']>[0]>();
    expectTypeOf<AiSdkEmbedOptions>().toExtend<V3.EmbeddingModelV3CallOptions>();
    expectTypeOf<AiSdkEmbedOptions>().toExtend<V4.EmbeddingModelV4CallOptions>();
  });
});
