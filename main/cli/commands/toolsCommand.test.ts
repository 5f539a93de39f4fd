import { describe, expect, it } from 'vitest';
import { appsFixture } from '../../services/apps/testing/startAppsHost';
import { useCliApp } from '../testing/useCliApp';

const cli = useCliApp({ apps: appsFixture('modern') });

describe('cli tools with MCP Apps', () => {
  it('marks tools that have an App and leaves App-only tools out', async () => {
    const text = await cli.run(['tools']);
    expect(text.code).toBe(0);
    expect(text.out).toContain(
      'apps__counter  (apps › counter)  [App ui://apps-fixture/counter.html]',
    );
    expect(text.out).toMatch(/apps__secret {2}\(apps › secret\)\n/);
    expect(text.out).not.toContain('apps__bump');
    const json = await cli.run(['tools', '--json']);
    const tools = (JSON.parse(json.out) as { tools: { name: string; ui?: string }[] }).tools;
    expect(tools.find((t) => t.name === 'apps__counter')?.ui).toBe(
      'ui://apps-fixture/counter.html',
    );
    expect(tools.find((t) => t.name === 'apps__secret')?.ui).toBeUndefined();
  });

  it('call prints the result as before (an App tool is called like any tool)', async () => {
    const run = await cli.run(['call', 'apps', 'counter', '--json']);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.out)).toMatchObject({
      content: [{ type: 'text', text: expect.stringMatching(/^count is \d+$/) as unknown }],
      structuredContent: { uiDeclared: true },
    });
  });
});
