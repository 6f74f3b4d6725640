// What aiSdkEmbedder uses of an AI SDK embedding model, written out here (as
// for language models, see ../ai-sdk/ai-sdk-language-model.ts) so that
// @weft/models depends on no AI SDK package. ai-sdk-embedding-model.test-d.ts
// checks the real EmbeddingModelV2, V3 and V4 of @ai-sdk/provider 2, 3 and 4
// against it.

/**
 * A text embedding model of any AI SDK provider (`openai.embedding(…)`,
 * `google.textEmbeddingModel(…)`, …), specification v2 (AI SDK 5), v3
 * (AI SDK 6) or v4 (AI SDK 7).
 */
export type AiSdkEmbeddingModel = AiSdkEmbeddingModelOf<'v2'> | AiSdkEmbeddingModelOf<'v3'> | AiSdkEmbeddingModelOf<'v4'>;

/** An embedding model of spec `Version`: the same shape in every version for what Weft uses. */
export interface AiSdkEmbeddingModelOf<Version extends string> {
  readonly specificationVersion: Version;
  readonly provider: string;
  readonly modelId: string;
  /** How many values one `doEmbed` call takes (`undefined` or `Infinity`: no limit). */
  readonly maxEmbeddingsPerCall: PromiseLike<number | undefined> | number | undefined;
  // A function property, not a method: TypeScript then checks the options Weft
  // sends against the model's own (method parameters are bivariant).
  readonly doEmbed: (options: AiSdkEmbedOptions) => PromiseLike<AiSdkEmbedResult>;
}

/** The call options Weft sends (a subset of every version's). */
export interface AiSdkEmbedOptions {
  values: string[];
  abortSignal?: AbortSignal;
}

/** What Weft reads of a `doEmbed` result: the vectors, in the order of the values. */
export interface AiSdkEmbedResult {
  embeddings: number[][];
}
