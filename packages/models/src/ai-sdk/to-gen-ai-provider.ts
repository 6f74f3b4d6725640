/**
 * The AI SDK's provider names (`openai.chat`, `anthropic.messages`,
 * `google.vertex.chat`, `amazon-bedrock`, …: the provider, then the API) by
 * their first segments, mapped to OpenTelemetry's GenAI provider names where
 * these differ. Longest prefix first.
 */
const CONVENTION_NAMES: readonly [prefix: string, name: string][] = [
  ['google.vertex', 'gcp.vertex_ai'],
  ['vertex', 'gcp.vertex_ai'],
  ['google', 'gcp.gemini'],
  ['amazon-bedrock', 'aws.bedrock'],
  ['azure', 'azure.ai.openai'],
  ['mistral', 'mistral_ai'],
  ['xai', 'x_ai'],
];

/**
 * An AI SDK model's `provider` as `gen_ai.provider.name` has it: Vertex AI
 * (also Anthropic's models on it) is `gcp.vertex_ai`, the Gemini API
 * (`google.generative-ai`) `gcp.gemini`, Bedrock `aws.bedrock`, Azure OpenAI
 * `azure.ai.openai`, Mistral `mistral_ai`, xAI `x_ai`; any other provider is
 * its name without the API (`openai.responses` → `openai`, `groq.chat` → `groq`).
 */
export function toGenAiProvider(aiSdkProvider: string): string {
  const segments = aiSdkProvider.split('.');
  for (const [prefix, name] of CONVENTION_NAMES) {
    const wanted = prefix.split('.');
    if (wanted.every((segment, i) => segments[i] === segment)) return name;
  }
  return segments[0]!;
}
