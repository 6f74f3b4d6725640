import type { JsonSchema } from '@weft/chat-model';

// What aiSdkModel uses of an AI SDK language model, written out here so that
// @weft/models depends on no AI SDK package: @ai-sdk/provider 4 (spec v4)
// requires Node 22, Weft runs on Node 20.15, and the user's own AI SDK (5, 6 or
// 7) brings the model. ai-sdk-language-model.test-d.ts checks the real
// LanguageModelV2, V3 and V4 of @ai-sdk/provider 2, 3 and 4 against these types.
//
// What Weft sends is a subset of every version's call options. What it reads is
// typed exactly; every other part is an `AiSdkOtherPart`, so that a model from
// an AI SDK minor that adds a part type (v4 gained `custom` and `ping`) still fits.

/**
 * A language model of any AI SDK provider (`@ai-sdk/openai`, `@ai-sdk/anthropic`,
 * …), specification v2 (AI SDK 5), v3 (AI SDK 6) or v4 (AI SDK 7).
 */
export type AiSdkLanguageModel =
  AiSdkModelOf<'v2', AiSdkFlatUsage> | AiSdkModelOf<'v3', AiSdkTokenUsage> | AiSdkModelOf<'v4', AiSdkTokenUsage, AiSdkV4FileData>;

/** A model of spec `Version`, whose usage reports look like `Usage` and whose prompt files carry `Data`. */
export interface AiSdkModelOf<Version extends string, Usage, Data = AiSdkFileData> {
  readonly specificationVersion: Version;
  readonly provider: string;
  readonly modelId: string;
  // Function properties, not methods: TypeScript then checks the options Weft
  // sends against the model's own call options (method parameters are bivariant).
  readonly doGenerate: (options: AiSdkCallOptions<Data>) => PromiseLike<AiSdkGenerateResult<Usage>>;
  readonly doStream: (options: AiSdkCallOptions<Data>) => PromiseLike<AiSdkStreamResult<Usage>>;
}

/** The call options Weft sends (mutable arrays, as every spec version declares them). */
export interface AiSdkCallOptions<Data = AiSdkFileData> {
  prompt: AiSdkPrompt<Data>;
  tools?: AiSdkFunctionTool[];
  toolChoice?: AiSdkToolChoice;
  temperature?: number;
  maxOutputTokens?: number;
  /** Structured output: JSON text matching `schema` (the same shape in every spec version). */
  responseFormat?: AiSdkJsonResponseFormat;
  abortSignal?: AbortSignal;
}

export interface AiSdkJsonResponseFormat {
  type: 'json';
  schema?: JsonSchema;
  name?: string;
  description?: string;
}

/** Text, files (images, documents, audio) and reasoning, tool calls with parsed JSON input, tool results as text. */
export type AiSdkPrompt<Data = AiSdkFileData> = AiSdkMessage<Data>[];

export type AiSdkMessage<Data = AiSdkFileData> = (
  | { role: 'system'; content: string }
  | { role: 'user'; content: Array<AiSdkTextPart | AiSdkFilePart<Data>> }
  | { role: 'assistant'; content: Array<AiSdkTextPart | AiSdkReasoningPart | AiSdkToolCallPart> }
  | { role: 'tool'; content: AiSdkToolResultPart[] }
) & {
  /** Options for the providers that read them, such as a prompt-cache mark (every spec version has them on a message). */
  providerOptions?: AiSdkProviderOptions;
};

/**
 * Provider-specific options, keyed by the provider's name (`anthropic`,
 * `bedrock`, …); each provider reads its own key and ignores the others.
 */
export type AiSdkProviderOptions = Record<string, { [key: string]: AiSdkJsonValue }>;

/** A JSON value, as provider options hold them. */
export type AiSdkJsonValue = null | string | number | boolean | AiSdkJsonValue[] | { [key: string]: AiSdkJsonValue };

/** An image, document or audio in a prompt: its bytes or URL and media type (`image/*` when unknown). */
export interface AiSdkFilePart<Data = AiSdkFileData> {
  type: 'file';
  data: Data;
  mediaType: string;
  filename?: string;
}

/** A prompt file's data in spec v2 and v3: the bytes or a URL. */
export type AiSdkFileData = Uint8Array | URL;

/** A prompt file's data in spec v4: tagged bytes or a tagged URL. */
export type AiSdkV4FileData = { type: 'data'; data: Uint8Array } | { type: 'url'; url: URL };

export interface AiSdkReasoningPart {
  type: 'reasoning';
  text: string;
}

export interface AiSdkTextPart {
  type: 'text';
  text: string;
}

export interface AiSdkToolCallPart {
  type: 'tool-call';
  toolCallId: string;
  toolName: string;
  input: unknown;
}

export interface AiSdkToolResultPart {
  type: 'tool-result';
  toolCallId: string;
  toolName: string;
  output: { type: 'text'; value: string };
}

export interface AiSdkFunctionTool {
  type: 'function';
  name: string;
  description?: string;
  inputSchema: JsonSchema;
}

/** How the model may pick tools; the same in every spec version. */
export type AiSdkToolChoice = { type: 'auto' } | { type: 'none' } | { type: 'required' } | { type: 'tool'; toolName: string };

export interface AiSdkGenerateResult<Usage = AiSdkUsage> {
  readonly content: readonly AiSdkContentPart[];
  readonly usage: Usage;
  /** Every version reports it; optional so that a hand-written model may leave it out. */
  readonly finishReason?: AiSdkFinishReason;
  readonly response?: AiSdkResponseMetadata;
}

/** Which response an answer is, when the provider says (the same in every spec version; Weft reads the id and model id). */
export interface AiSdkResponseMetadata {
  readonly id?: string | undefined;
  readonly modelId?: string | undefined;
}

/**
 * Why the model stopped: a string in spec v2 (`'stop'`, `'length'`,
 * `'tool-calls'`, `'content-filter'`, `'error'`, `'other'`, `'unknown'`), the
 * same as `{ unified, raw }` in v3 and v4 (v4 adds `'interrupted'`). Typed as
 * any string, so that a reason a later minor adds still fits.
 */
export type AiSdkFinishReason = string | { readonly unified: string; readonly raw?: string | undefined };

export interface AiSdkStreamResult<Usage = AiSdkUsage> {
  readonly stream: ReadableStream<AiSdkStreamPart<Usage>>;
}

/** Usage in spec v2: flat counts. */
export interface AiSdkFlatUsage {
  readonly inputTokens: number | undefined;
  readonly outputTokens: number | undefined;
}

/** Usage in spec v3 and v4: totals with breakdowns (Weft reads the totals). */
export interface AiSdkTokenUsage {
  readonly inputTokens: { readonly total: number | undefined };
  readonly outputTokens: { readonly total: number | undefined };
}

export type AiSdkUsage = AiSdkFlatUsage | AiSdkTokenUsage;

/**
 * A content or stream part of a type Weft does not read (reasoning, files,
 * sources, metadata, and whatever later minors add). A part's `type` fixes its
 * shape, so Weft tells the parts it reads apart by type (see `isReadPart`).
 */
export interface AiSdkOtherPart {
  readonly type: string;
}

export interface AiSdkText {
  readonly type: 'text';
  readonly text: string;
}

export interface AiSdkToolCall {
  readonly type: 'tool-call';
  readonly toolCallId: string;
  readonly toolName: string;
  /** The arguments as JSON text. */
  readonly input: string;
  /** Ran by the provider (web search and the like); Weft must not run it again. */
  readonly providerExecuted?: boolean;
}

/** Reasoning the model generated. */
export interface AiSdkReasoning {
  readonly type: 'reasoning';
  readonly text: string;
}

/** A file the model generated (an image, audio): base64 text or bytes (spec v4: tagged, or a URL). */
export interface AiSdkFile {
  readonly type: 'file';
  readonly mediaType: string;
  readonly data:
    string | Uint8Array | { readonly type: 'data'; readonly data: string | Uint8Array } | { readonly type: 'url'; readonly url: URL };
}

/** The doGenerate content parts Weft reads. */
export type AiSdkReadContentPart = AiSdkText | AiSdkReasoning | AiSdkFile | AiSdkToolCall;

export type AiSdkContentPart = AiSdkReadContentPart | AiSdkOtherPart;

/** The stream parts Weft reads. */
export type AiSdkReadStreamPart<Usage = AiSdkUsage> =
  | { readonly type: 'text-delta'; readonly delta: string }
  | { readonly type: 'reasoning-delta'; readonly delta: string }
  | { readonly type: 'tool-input-start'; readonly id: string; readonly toolName: string; readonly providerExecuted?: boolean }
  | { readonly type: 'tool-input-delta'; readonly id: string; readonly delta: string }
  | AiSdkToolCall
  | ({ readonly type: 'response-metadata' } & AiSdkResponseMetadata)
  | { readonly type: 'finish'; readonly usage: Usage; readonly finishReason?: AiSdkFinishReason }
  | { readonly type: 'error'; readonly error: unknown };

export type AiSdkStreamPart<Usage = AiSdkUsage> = AiSdkReadStreamPart<Usage> | AiSdkOtherPart;

/**
 * Whether `part` has one of the types in `read` (a record, so that the list
 * can be checked complete against the union it narrows to).
 */
export function isReadPart<Read extends { type: string }>(
  part: Read | AiSdkOtherPart,
  read: Readonly<Record<Read['type'], true>>,
): part is Read {
  return Object.hasOwn(read, part.type);
}
