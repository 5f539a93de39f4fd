import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UiStateService } from './UiStateService';

describe('UiStateService', () => {
  it('keeps the last conversation and the sidebar across starts, and forgets a deleted one', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sb-ui-'));
    const first = new UiStateService(dir);
    await first.load();
    expect(first.snapshot()).toEqual({});
    await first.update({ lastConversationId: 'c1', sidebarCollapsed: true });

    const second = new UiStateService(dir);
    await second.load();
    expect(second.snapshot()).toEqual({ lastConversationId: 'c1', sidebarCollapsed: true });
    await second.forgetConversation('other');
    expect(second.snapshot().lastConversationId).toBe('c1');
    await second.forgetConversation('c1');
    expect(second.snapshot()).toEqual({ sidebarCollapsed: true });
    expect(JSON.parse(await readFile(join(dir, 'ui-state.json'), 'utf8'))).toEqual({
      sidebarCollapsed: true,
    });
  });

  it('starts empty when the file is broken', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sb-ui-'));
    await writeFile(join(dir, 'ui-state.json'), '{"sidebarCollapsed": "yes"');
    const service = new UiStateService(dir);
    await service.load();
    expect(service.snapshot()).toEqual({});
  });
});
