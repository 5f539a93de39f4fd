import { afterEach, describe, expect, it, vi } from 'vitest';
import { retireFrame, retiringCount } from './retireFrame';

type Moving = { moveBefore?: (node: Node, child: Node | null) => void };
const proto = Element.prototype as Moving;

afterEach(() => {
  delete proto.moveBefore;
  vi.useRealTimers();
  document.body.replaceChildren();
});

function cardWithFrame(): { card: HTMLElement; frame: HTMLIFrameElement } {
  const card = document.createElement('section');
  const frame = document.createElement('iframe');
  card.append(frame);
  document.body.append(card);
  return { card, frame };
}

describe('retireFrame', () => {
  it('takes frames out of their cards at once and removes them one per turn', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] });
    // jsdom has no moveBefore: a stand-in that moves the node as the browser's does.
    proto.moveBefore = function (this: Element, node: Node, child: Node | null) {
      this.insertBefore(node, child);
    };
    const cards = [cardWithFrame(), cardWithFrame(), cardWithFrame()];
    for (const { frame } of cards) expect(retireFrame(frame)).toBe(true);
    for (const { card, frame } of cards) {
      expect(card.contains(frame)).toBe(false);
      expect(frame.isConnected).toBe(true);
    }
    expect(retiringCount()).toBe(3);
    await vi.advanceTimersByTimeAsync(20);
    expect(cards.map(({ frame }) => frame.isConnected)).toEqual([false, true, true]);
    await vi.advanceTimersByTimeAsync(20);
    expect(cards.map(({ frame }) => frame.isConnected)).toEqual([false, false, true]);
    await vi.advanceTimersByTimeAsync(100);
    expect(cards.map(({ frame }) => frame.isConnected)).toEqual([false, false, false]);
    expect(retiringCount()).toBe(0);
  });

  it('leaves the frame with its card where the browser cannot move it intact', () => {
    const { card, frame } = cardWithFrame();
    expect(retireFrame(frame)).toBe(false);
    expect(card.contains(frame)).toBe(true);
    frame.remove();
    expect(retireFrame(frame)).toBe(false);
  });
});
