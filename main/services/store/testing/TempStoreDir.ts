import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ConversationStore } from '../ConversationStore';
import type { ConversationStoreOptions } from '../ConversationStoreOptions';

/** A temporary directory holding store files; `cleanup` closes every store opened from it. */
export class TempStoreDir {
  readonly dir = mkdtempSync(path.join(tmpdir(), 'switchboard-store-'));
  readonly file = path.join(this.dir, 'history.sqlite');
  private readonly stores: ConversationStore[] = [];

  /** Opens a store on `file` (closed by `cleanup` if the test does not). */
  open(options: Partial<ConversationStoreOptions> = {}): ConversationStore {
    const store = ConversationStore.open({ file: this.file, ...options });
    this.stores.push(store);
    return store;
  }

  cleanup(): void {
    for (const store of this.stores) store.close();
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** A text-only user message body. */
export function textContent(text: string): [{ type: 'text'; text: string }] {
  return [{ type: 'text', text }];
}
