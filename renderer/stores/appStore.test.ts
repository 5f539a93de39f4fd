import { describe, expect, it } from 'vitest';
import { createAppStore, type AppInfo } from './appStore';

const info: AppInfo = {
  version: '0.0.0',
  platform: 'linux',
  shell: 'web',
  pendingInteractions: [],
};

describe('appStore.setNarrow', () => {
  it('wakes no subscriber when the width class did not change (the check made at start-up)', () => {
    const store = createAppStore(info);
    let woken = 0;
    store.subscribe(() => (woken += 1));
    const before = store.getState();
    store.getState().setNarrow(false);
    expect(woken).toBe(0);
    expect(store.getState()).toBe(before);
  });

  it('becomes narrow and closes the laid-over sidebar when it changes', () => {
    const store = createAppStore(info);
    store.getState().setNarrow(true);
    store.getState().toggleSidebar();
    expect(store.getState().sidebarOverlay).toBe(true);
    store.getState().setNarrow(false);
    expect(store.getState()).toMatchObject({ narrow: false, sidebarOverlay: false });
  });
});
