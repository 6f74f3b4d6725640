/**
 * The studio's browser tests' harness: Debian's Chromium through
 * playwright-core (required, never skipped), studios on temp SQLite files,
 * pages that record what must stay empty (console errors, page errors,
 * requests to any other origin), and a reader of a thread's SSE stream.
 */
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChatModel } from '@weft/agents';
import { SqliteStore } from '@weft/store-sqlite';
import { chromium, type Browser, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { serveStudio, type ServeStudioOptions, type ServedStudio } from '../../src/index.ts';

const CHROMIUM = '/usr/bin/chromium';
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM))
    throw new Error(
      `the studio's browser test needs Chromium at ${CHROMIUM} (Debian: apt-get install chromium); it is not skipped when missing`,
    );
  return chromium.launch({ executablePath: CHROMIUM, args: ARGS });
}

/** A studio on a fresh SQLite file, and that store. */
export async function startStudio(
  options: Omit<ServeStudioOptions, 'store' | 'port'>,
): Promise<{ studio: ServedStudio; store: SqliteStore; close: () => Promise<void> }> {
  const store = new SqliteStore({ path: join(mkdtempSync(join(tmpdir(), 'weft-studio-browser-')), 'weft.db'), durability: 'async' });
  const studio = await serveStudio({ ...options, store, port: 0 });
  return { studio, store, close: async () => (await studio.close(), await store.close()) };
}

/** Chat models that answer `ms` later: an agent's model node then stays lit long enough to be seen (and photographed). */
export function slowModels<N extends string>(modelFor: (name: N) => ChatModel, ms: number): (name: N) => ChatModel {
  const later = () => new Promise((r) => setTimeout(r, ms));
  return (name) => {
    const model = modelFor(name);
    return {
      name: model.name,
      generate: async (messages, options) => (await later(), model.generate(messages, options)),
      stream: async function* (messages, options) {
        await later();
        yield* model.stream(messages, options);
      },
    };
  };
}

export interface OpenedPage {
  page: Page;
  /** Every request the page made. */
  requests: string[];
  /** Asserts the page logged no error, threw nothing, ran no payload and asked nothing of another origin; closes it. */
  check: () => Promise<void>;
}

/**
 * Opens the studio's page at `url` (plus `hash`), waiting for it to be ready
 * unless told not to. `refused`: the error statuses the test expects the API to
 * answer with (Chromium logs each as a console error).
 */
export async function openPage(
  browser: Browser,
  url: string,
  options: {
    hash?: string;
    ready?: boolean;
    refused?: number[];
    viewport?: { width: number; height: number };
    /** The browser's time zone and locale (times the page shows in them). */
    timezoneId?: string;
    locale?: string;
  } = {},
): Promise<OpenedPage> {
  const { viewport = { width: 1600, height: 1000 }, timezoneId, locale } = options;
  const page = await browser.newPage({ viewport, ...(timezoneId && { timezoneId }), ...(locale && { locale }) });
  const problems: string[] = [];
  const requests: string[] = [];
  page.on('console', (m) => void (m.type() === 'error' ? problems.push(`console: ${m.text()}`) : undefined));
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('request', (r) => requests.push(r.url()));
  await page.goto(url + (options.hash ?? ''));
  if (options.ready !== false) await page.waitForSelector('body[data-ready="true"]');
  const origin = new URL(url).origin;
  return {
    page,
    requests,
    check: async () => {
      const expected = (p: string) =>
        (options.refused ?? []).some((status) => p.includes(`the server responded with a status of ${status}`));
      expect(problems.filter((p) => !expected(p))).toEqual([]);
      expect(requests.filter((r) => new URL(r).origin !== origin)).toEqual([]);
      expect(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined();
      await page.close();
    },
  };
}

/** The events panel's rows: kind, SSE id, and text. */
export function eventRows(page: Page): Promise<{ kind: string; id: string; text: string; from?: string; to?: string; tool?: string }[]> {
  return page.$$eval('#events > li', (rows) =>
    rows.map((r) => {
      const e = r as HTMLElement;
      const { kind = '', eventId: id = '', from, to, tool } = e.dataset;
      return { kind, id, text: e.textContent ?? '', from, to, tool };
    }),
  );
}

export interface SseItem {
  id: string;
  event: string;
  data: Record<string, unknown>;
}

/** A thread's stream as the server sends it, read from Node until the `end` of the run it replays. */
export async function readRunEvents(baseUrl: string, threadId: string, headers: Record<string, string> = {}): Promise<SseItem[]> {
  const ctl = new AbortController();
  const res = await fetch(new URL(`api/threads/${encodeURIComponent(threadId)}/events`, baseUrl), { headers, signal: ctl.signal });
  const decoder = new TextDecoder();
  const reader = res.body!.getReader();
  const items: SseItem[] = [];
  let text = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
    const blocks = text.split('\n\n');
    text = blocks.pop()!;
    for (const block of blocks) {
      const field = (name: string) =>
        block
          .split('\n')
          .filter((l) => l.startsWith(`${name}:`))
          .map((l) => l.slice(name.length + 1).replace(/^ /, ''));
      if (field('data').length === 0) continue;
      const data = JSON.parse(field('data').join('\n')) as Record<string, unknown>;
      items.push({ id: field('id')[0] ?? '', event: field('event')[0] ?? '', data });
    }
    if (items.at(-1)?.event === 'end') break;
  }
  ctl.abort();
  return items;
}
