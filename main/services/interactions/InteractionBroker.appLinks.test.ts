import { describe, expect, it } from 'vitest';
import { AppErrorCode } from '../../../shared/errors';
import { InteractionBroker } from './InteractionBroker';
import { InteractionPolicies } from './InteractionPolicies';

function broker(opened: string[]) {
  return new InteractionBroker({
    policies: new InteractionPolicies(undefined),
    roots: () => Promise.resolve({ roots: [] }),
    generate: () => Promise.reject(new Error('not here')),
    models: () => Promise.resolve([]),
    defaultModel: () => 'm',
    open: (url) => {
      opened.push(url);
      return Promise.resolve(true);
    },
    originFor: () => ({}),
  });
}

const fromApp = {
  server: 'apps',
  url: 'https://example.com/page-1',
  origin: {},
  app: { tool: 'spam', appId: 'app-1' },
};

describe('pages an App asks to open', () => {
  it('open: opened this once; open-app: opened, and the origin allowed for the App', async () => {
    const opened: string[] = [];
    const b = broker(opened);
    const once = b.askToOpen(fromApp);
    await expect.poll(() => b.pending().length).toBe(1);
    expect(b.pending()[0]).toMatchObject({ app: { tool: 'spam', appId: 'app-1' } });
    await b.respondUrl(b.pending()[0]?.id ?? '', 'open');
    expect(await once).toEqual({ opened: true, allowOrigin: false });
    const always = b.askToOpen(fromApp);
    await expect.poll(() => b.pending().length).toBe(1);
    await b.respondUrl(b.pending()[0]?.id ?? '', 'open-app');
    expect(await always).toEqual({ opened: true, allowOrigin: true });
    const declined = b.askToOpen(fromApp);
    await expect.poll(() => b.pending().length).toBe(1);
    await b.respondUrl(b.pending()[0]?.id ?? '', 'decline');
    expect(await declined).toEqual({ opened: false, allowOrigin: false });
    expect(opened).toEqual([fromApp.url, fromApp.url]);
    b.dispose();
  });

  it('refuses open-app for a page a server (not an App) asks to open', async () => {
    const b = broker([]);
    void b.handlers
      .elicitation(
        {
          method: 'elicitation/create',
          params: {
            mode: 'url',
            message: 'Sign in',
            url: 'https://auth.example.com/',
            elicitationId: 'e1',
          },
        },
        { serverName: 's', signal: new AbortController().signal },
      )
      .catch(() => undefined);
    await expect.poll(() => b.pending().length).toBe(1);
    await expect(b.respondUrl(b.pending()[0]?.id ?? '', 'open-app')).rejects.toMatchObject({
      code: AppErrorCode.Validation,
    });
    b.dispose();
  });
});
