import type { ContentPart } from './content-part.ts';

/**
 * A message's content as parts: a string is one text part (none when it is
 * empty), an array is itself. For code that handles both shapes in one way.
 *
 * @example
 * partsOf('hi'); // [{ type: 'text', text: 'hi' }]
 * partsOf([{ type: 'image', url: 'https://example.com/a.png' }]); // the same array
 */
export function partsOf(content: string | readonly ContentPart[]): readonly ContentPart[] {
  if (typeof content !== 'string') return content;
  return content === '' ? [] : [{ type: 'text', text: content }];
}
