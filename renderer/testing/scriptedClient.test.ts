import { describe, expect, it } from 'vitest';
import { contractDrifts, ContractDrift, scriptedClient } from './scriptedClient';

describe('scriptedClient', () => {
  it('answers what the output schema accepts', async () => {
    const host = scriptedClient(() => ({ roots: [], canPick: true }));
    await expect(host.client.invoke('roots.list', {})).resolves.toEqual({
      roots: [],
      canPick: true,
    });
    expect(contractDrifts).toEqual([]);
  });

  it('rejects an answer main could not send, and records it for the test setup', async () => {
    const host = scriptedClient(() => ({ roots: 'none' }));
    await expect(host.client.invoke('roots.list', {})).rejects.toThrow(ContractDrift);
    expect(contractDrifts.splice(0).map((d) => d.message)).toEqual([
      expect.stringContaining(
        'The scripted answer to roots.list does not match the contract: roots',
      ),
    ]);
  });

  it('rejects a request and an event that break the contract', async () => {
    const host = scriptedClient(() => ({}));
    await expect(host.client.invoke('conversation.rename', { id: 'a', title: '' })).rejects.toThrow(
      /The request conversation.rename does not match/,
    );
    expect(() => host.emit('conversation.deleted', { id: 7 } as never)).toThrow(ContractDrift);
    expect(contractDrifts.splice(0)).toHaveLength(2);
  });
});
