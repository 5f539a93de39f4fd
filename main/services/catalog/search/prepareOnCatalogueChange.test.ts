import { afterEach, describe, expect, it, vi } from 'vitest';
import { HostEvents } from '../../base/HostEvents';
import type { CatalogEntry } from '../../mcp/tools/ToolCatalog';
import { prepareOnCatalogueChange } from './prepareOnCatalogueChange';

describe('prepareOnCatalogueChange', () => {
  afterEach(() => vi.useRealTimers());

  it('prepares once for a burst of changes, after it, with the catalogue as it then is', () => {
    vi.useFakeTimers();
    const events = new HostEvents();
    const prepared: (readonly CatalogEntry[])[] = [];
    let current: readonly CatalogEntry[] = [];
    const stop = prepareOnCatalogueChange(
      events,
      { prepare: (entries) => void prepared.push(entries) },
      () => current,
    );
    for (let i = 0; i < 30; i++) events.emit('mcp.toolsChanged', { server: `s${String(i)}` });
    events.emit('conversation.deleted', { id: 'c' });
    expect(prepared).toHaveLength(0);
    current = [
      { modelName: 'a__b', server: 'a', tool: { name: 'b', inputSchema: { type: 'object' } } },
    ];
    vi.runAllTimers();
    expect(prepared).toEqual([current]);
    events.emit('mcp.serversChanged', { servers: [] });
    vi.runAllTimers();
    expect(prepared).toHaveLength(2);
    // Stopped: a change pending and later ones prepare nothing.
    events.emit('mcp.toolsChanged', { server: 's0' });
    stop();
    vi.runAllTimers();
    events.emit('mcp.toolsChanged', { server: 's0' });
    vi.runAllTimers();
    expect(prepared).toHaveLength(2);
  });
});
