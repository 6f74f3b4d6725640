import * as v4 from '@ai-sdk/provider';
import * as v2 from 'ai-sdk-provider-v2';
import * as v3 from 'ai-sdk-provider-v3';
import { describe, expect, it } from 'vitest';
import { isAiSdkError, type AiSdkErrorName } from './is-ai-sdk-error.ts';

// One error of each class Weft sorts, made by one major of @ai-sdk/provider.
function errorsOf(provider: typeof v2 | typeof v3 | typeof v4): Record<AiSdkErrorName, Error> {
  return {
    APICallError: new provider.APICallError({ message: 'Bad Gateway', url: 'u', requestBodyValues: {}, statusCode: 502 }),
    EmptyResponseBodyError: new provider.EmptyResponseBodyError(),
    InvalidArgumentError: new provider.InvalidArgumentError({ argument: 'temperature', message: 'too hot' }),
    InvalidPromptError: new provider.InvalidPromptError({ prompt: [], message: 'empty' }),
    InvalidResponseDataError: new provider.InvalidResponseDataError({ data: 1 }),
    JSONParseError: new provider.JSONParseError({ text: '{', cause: new SyntaxError('end of input') }),
    LoadAPIKeyError: new provider.LoadAPIKeyError({ message: 'OPENAI_API_KEY is not set' }),
    NoContentGeneratedError: new provider.NoContentGeneratedError(),
    TypeValidationError: new provider.TypeValidationError({ value: 1, cause: 'not a string' }),
    UnsupportedFunctionalityError: new provider.UnsupportedFunctionalityError({ functionality: 'images' }),
  };
}

describe.each([
  ['2 (AI SDK 5)', v2],
  ['3 (AI SDK 6)', v3],
  ['4 (AI SDK 7)', v4],
])('isAiSdkError: errors of @ai-sdk/provider %s', (_, provider) => {
  it('recognises each error by its own name and by no other', () => {
    const errors = errorsOf(provider);
    const names = Object.keys(errors) as AiSdkErrorName[];
    const recognisedAs = Object.fromEntries(names.map((made) => [made, names.filter((name) => isAiSdkError(errors[made], name))]));
    expect(recognisedAs).toEqual(Object.fromEntries(names.map((name) => [name, [name]])));
  });

  it('agrees with the package’s own isInstance', () => {
    const errors = errorsOf(provider);
    expect(isAiSdkError(errors.APICallError, 'APICallError')).toBe(provider.APICallError.isInstance(errors.APICallError));
    expect(isAiSdkError(errors.LoadAPIKeyError, 'APICallError')).toBe(provider.APICallError.isInstance(errors.LoadAPIKeyError));
  });
});

describe('isAiSdkError: other values', () => {
  it('goes by the marker, not the class, and rejects unmarked or falsely marked values', () => {
    const marked = Object.assign(new Error('from a bundled copy'), { [Symbol.for('vercel.ai.error.AI_LoadAPIKeyError')]: true });
    expect(isAiSdkError(marked, 'LoadAPIKeyError')).toBe(true);
    const notTrue = { [Symbol.for('vercel.ai.error.AI_LoadAPIKeyError')]: 'yes' };
    const unmarked = [
      new Error('x'),
      new TypeError('fetch failed'),
      { name: 'AI_LoadAPIKeyError' },
      notTrue,
      null,
      undefined,
      'AI_LoadAPIKeyError',
      42,
    ];
    expect(unmarked.filter((value) => isAiSdkError(value, 'LoadAPIKeyError'))).toEqual([]);
  });
});
