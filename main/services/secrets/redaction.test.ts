import { existsSync } from 'node:fs';
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MemorySecretStore } from '../../platform/MemorySecretStore';
import { McpHarness, fixtureServer } from '../mcp/testing/McpHarness';
import { ServerSecrets } from './ServerSecrets';

// What `${env:…}` and `${secret:…}` bring in reaches the server, and nowhere else: not
// main.log, not the server's own log, not its status, views, log lines or traffic, not the CLI's
// report (see main/cli/redaction.cli.test.ts). A real server that repeats its arguments and
// environment everywhere it can.

const ENV_VALUE = 'env-value-Xk9q2';
const SECRET_VALUE = 'secret-value-Yq7w4';
// Quotes and backslashes: the value also appears escaped inside JSON (traffic previews).
const ODD_SECRET = 'odd"secret\\value-Zz8';
const leaky = fixtureServer('leaky.mjs');
let harness: McpHarness | undefined;

afterEach(async () => {
  await harness?.dispose();
  harness = undefined;
});

function leaks(text: string): string[] {
  const inJson = (value: string) => JSON.stringify(value).slice(1, -1);
  const forms = [
    ENV_VALUE,
    SECRET_VALUE,
    ODD_SECRET,
    inJson(ODD_SECRET),
    inJson(inJson(ODD_SECRET)),
  ];
  return forms.filter((value) => text.includes(value));
}

async function readLogs(dir: string): Promise<string> {
  const files = [join(dir, 'logs', 'main.log')];
  const servers = join(dir, 'logs', 'servers');
  if (existsSync(servers)) {
    for (const name of await readdir(servers)) files.push(join(servers, name));
  }
  const texts = await Promise.all(
    files.map((f) => (existsSync(f) ? readFile(f, 'utf8') : Promise.resolve(''))),
  );
  return texts.join('\n');
}

describe('values from references are redacted', () => {
  it('from main.log, the server log, status, views, log lines and traffic', async () => {
    const secrets = new ServerSecrets(new MemorySecretStore());
    await secrets.set('Y', SECRET_VALUE);
    await secrets.set('odd', ODD_SECRET);
    harness = await McpHarness.start(
      {
        leaky: {
          command: process.execPath,
          args: [leaky, '--token=${env:X}', '--other=${secret:Y}'],
          env: { LEAKY_ENV: 'TOKEN,ODD', TOKEN: '${secret:Y}', ODD: '${secret:odd}' },
        },
      },
      {},
      { secrets, env: { PATH: process.env.PATH, HOME: process.env.HOME, X: ENV_VALUE } },
    );
    const h = harness;
    await h.until('leaky', 'ready');
    const supervisor = h.mcp.supervisor('leaky');
    // The server did get the values (a redactor that hid them from the server would pass too).
    const result = await supervisor.callTool('leak', {});
    const told = JSON.stringify(result.content);
    expect(told).toContain(ENV_VALUE);
    expect(told).toContain(SECRET_VALUE);
    await expect
      .poll(() => supervisor.logsSince().some((l) => l.text.includes('leak called')))
      .toBe(true);
    await expect.poll(() => readLogs(h.dir)).toContain('leak called');
    // Notifications and traffic are batched for the window; let every batch go out.
    await expect
      .poll(() =>
        h.events.some(
          (e) => e.name === 'mcp.logAppended' && JSON.stringify(e.payload).includes('leak called'),
        ),
      )
      .toBe(true);

    const shown = {
      servers: h.mcp.servers(),
      detail: h.mcp.detail('leaky'),
      logs: supervisor.logsSince(),
      traffic: supervisor.trafficSince(),
      events: h.events,
    };
    const text = JSON.stringify(shown);
    expect(leaks(text)).toEqual([]);
    expect(leaks(await readLogs(h.dir))).toEqual([]);
    // The person still sees which reference went where.
    expect(shown.detail.server.target).toBe(
      `${process.execPath} ${leaky} --token=\${env:X} --other=\${secret:Y}`,
    );
    expect(shown.detail.instructions).toContain('${secret:Y}');
    expect(shown.detail.stderrTail.join('\n')).toContain('${env:X}');
    const stderr = shown.logs.filter((l) => l.source === 'stderr').map((l) => l.text);
    expect(stderr.join('\n')).toContain('${secret:odd}');
    expect(JSON.stringify(shown.traffic)).toContain('${secret:Y}');
    expect(JSON.stringify(shown.traffic)).toContain('${secret:odd}');
  });
});
