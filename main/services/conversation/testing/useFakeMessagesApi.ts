import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import {
  startFakeAnthropic,
  type FakeAnthropic,
} from '../../../../e2e/fixtures/fakeAnthropic/FakeAnthropic.mjs';
import { API_KEY } from './turnHarness';

export interface FakeMessagesApi {
  /** The fake shared by the file's tests; its script and log are reset after each test. */
  readonly fake: FakeAnthropic;
}

/**
 * Per-file hooks: one fake Messages API that accepts `API_KEY`, reset after each test.
 * With `expectDrained`, each test must also have consumed every scripted reply.
 */
export function useFakeMessagesApi({ expectDrained }: { expectDrained: boolean }): FakeMessagesApi {
  let fake: FakeAnthropic | undefined;
  const current = (): FakeAnthropic => {
    if (!fake) throw new Error('useFakeMessagesApi: used outside its tests');
    return fake;
  };
  beforeAll(async () => {
    fake = await startFakeAnthropic({ apiKey: API_KEY });
  });
  afterEach(() => {
    if (expectDrained) expect(current().pending).toBe(0);
    current().reset();
  });
  afterAll(async () => {
    await fake?.close();
  });
  return {
    get fake() {
      return current();
    },
  };
}
