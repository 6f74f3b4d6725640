import type { Replay } from '../replay/build-replay.ts';
import { PageMedia } from './page-media.ts';

/** A replay as the page embeds it: content parts are views, the images' `data:` URLs listed once in `media`. */
export type PageReplay = Replay & { media: string[] };

/**
 * Turns the replay's content parts into what the page shows (see
 * PageMedia): the messages' images, files and audio, and those inside state
 * patches and interrupts, step after step, so the first steps get the image
 * budget. No byte array is left for the page's JSON to spell out as an
 * object of indices (a 100 KiB image as ~1 MB of text).
 */
export function replayWithMedia(replay: Replay): PageReplay {
  const media = new PageMedia();
  const steps = replay.steps.map((step) => ({
    ...step,
    messages: step.messages.map((m) => (m.parts ? { ...m, parts: m.parts.map((p) => media.view(p) ?? media.viewsIn(p)) } : m)),
    patches: step.patches.map((p) => ({ ...p, patches: media.viewsIn(p.patches) as typeof p.patches })),
    interrupts: media.viewsIn(step.interrupts) as typeof step.interrupts,
  }));
  return { ...replay, steps, media: media.urls };
}
