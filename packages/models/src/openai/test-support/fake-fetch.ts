/** A request the fake fetch received. */
export interface FetchedRequest {
  url: string;
  body: unknown;
}

/** Makes the answer to one request: a Response, or an error for fetch to throw (a network failure). */
export type FetchReply = () => Response | Error;

/**
 * A `fetch` for `openAIChatModel({ fetch })` that needs no server: the n-th
 * request gets the n-th reply (the last one repeats), and every request is
 * recorded, so a test can count exactly how many the adapter made.
 */
export function fakeFetch(replies: readonly FetchReply[]): { fetch: typeof globalThis.fetch; requests: FetchedRequest[] } {
  const requests: FetchedRequest[] = [];
  const fetch: typeof globalThis.fetch = (input, init) => {
    requests.push({ url: String(input), body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined });
    const reply = replies[Math.min(requests.length, replies.length) - 1]?.();
    if (reply === undefined) return Promise.reject(new Error('fakeFetch: no reply'));
    return reply instanceof Error ? Promise.reject(reply) : Promise.resolve(reply);
  };
  return { fetch, requests };
}

/** A JSON answer with this status and headers. */
export const jsonReply =
  (body: unknown, status = 200, headers: Record<string, string> = {}): FetchReply =>
  () =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
