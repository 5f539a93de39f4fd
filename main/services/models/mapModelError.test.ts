import {
  APIConnectionError,
  APIError,
  APIUserAbortError,
  AuthenticationError,
  BadRequestError,
  RateLimitError,
} from '@anthropic-ai/sdk';
import { describe, expect, it } from 'vitest';
import { AppError, AppErrorCode } from '../../../shared/errors';
import { mapModelError } from './mapModelError';

const body = (type: string, message: string) => ({ type: 'error', error: { type, message } });

describe('mapModelError', () => {
  it('classifies HTTP errors by status and keeps what the API said', () => {
    const headers = new Headers({ 'retry-after': '2', 'request-id': 'req_1' });
    const error = mapModelError(
      new RateLimitError(429, body('rate_limit_error', 'Too many.'), undefined, headers),
    );
    expect(error.code).toBe(AppErrorCode.LlmRateLimited);
    expect(error.message).toContain('Too many (429 rate_limit_error). The API asked to wait 2 s.');
    expect(error.data).toEqual({
      status: 429,
      type: 'rate_limit_error',
      apiMessage: 'Too many.',
      requestId: 'req_1',
      retryAfterMs: 2_000,
    });
    expect(
      mapModelError(
        new BadRequestError(400, body('invalid_request_error', 'bad'), undefined, new Headers()),
      ).code,
    ).toBe(AppErrorCode.LlmBadRequest);
  });

  it('points to settings for a rejected key', () => {
    const error = mapModelError(
      new AuthenticationError(
        401,
        body('authentication_error', 'invalid x-api-key'),
        undefined,
        new Headers(),
      ),
    );
    expect(error.code).toBe(AppErrorCode.LlmAuth);
    expect(error.message).toMatch(/Settings/);
  });

  it('classifies errors inside a stream by type', () => {
    const inStream = new APIError(
      undefined,
      body('overloaded_error', 'Overloaded'),
      undefined,
      new Headers(),
      'overloaded_error',
    );
    expect(mapModelError(inStream).code).toBe(AppErrorCode.LlmOverloaded);
  });

  it('maps connection failures, aborts and broken bodies', () => {
    const refused = new APIConnectionError({ cause: new Error('connect ECONNREFUSED') });
    expect(mapModelError(refused, { baseURL: 'http://x' }).message).toBe(
      'Could not reach the Anthropic API at http://x: connect ECONNREFUSED',
    );
    expect(mapModelError(new APIUserAbortError()).code).toBe(AppErrorCode.Cancelled);
    expect(mapModelError(new TypeError('terminated')).code).toBe(AppErrorCode.LlmNetwork);
    const own = new AppError(AppErrorCode.LlmStalled, 'x');
    expect(mapModelError(own)).toBe(own);
  });
});
