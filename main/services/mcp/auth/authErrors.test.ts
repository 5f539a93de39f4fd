import { hostText } from '../../../../shared/text/hostText';
import { OAuthError, UnauthorizedError } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { mapSdkError } from '../session/mapSdkError';
import { AuthRequiredError, describeAuthError, signInReason } from './authErrors';

describe('signInReason', () => {
  it('says nothing for a bare 401, however it arrived', () => {
    expect(signInReason(mapSdkError(new UnauthorizedError(), { operation: 'tools/list' }))).toBe(
      undefined,
    );
    expect(
      signInReason(
        mapSdkError(
          new UnauthorizedError('Authentication requires user authorization - redirect initiated'),
        ),
      ),
    ).toBeUndefined();
    expect(signInReason(describeAuthError(new UnauthorizedError()))).toBeUndefined();
    expect(
      signInReason(new AuthRequiredError(hostText('auth.needed'), () => Promise.resolve())),
    ).toBeUndefined();
  });

  it("keeps the authorization server's own words and other real reasons", () => {
    const refused = describeAuthError(new OAuthError('invalid_client', 'Client is disabled'));
    expect(signInReason(refused)?.message).toBe(refused.message);
    expect(refused.message).toContain('Client is disabled');
    const reauth = mapSdkError(
      new UnauthorizedError('Failed to re-authenticate: token endpoint unreachable'),
    );
    expect(signInReason(reauth)?.message).toContain('token endpoint unreachable');
  });
});
