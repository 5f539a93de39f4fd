import { describe, expect, it } from 'vitest';
import { HostEvents } from './HostEvents';

describe('HostEvents', () => {
  it('reports a sink that throws and still delivers to the others', () => {
    const reported: [unknown, string][] = [];
    const events = new HostEvents((error, name) => reported.push([error, name]));
    const delivered: string[] = [];
    events.subscribe(() => {
      throw new Error('socket gone');
    });
    events.subscribe((name) => delivered.push(name));
    events.emit('conversation.deleted', { id: 'c' });
    expect(delivered).toEqual(['conversation.deleted']);
    expect(reported).toEqual([[new Error('socket gone'), 'conversation.deleted']]);
  });
});
