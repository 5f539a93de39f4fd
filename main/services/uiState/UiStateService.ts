import { join } from 'node:path';
import { uiStateSchema, type UiState, type UiStatePatch } from '../../../shared/domain/uiState';
import type { Logger } from '../../platform/Logger';
import { JsonDocumentFile } from '../base/JsonDocumentFile';

/** The window's state between launches (`ui-state.json` in the data dir). */
export class UiStateService {
  private state: UiState = {};
  private readonly file: JsonDocumentFile<UiState>;

  constructor(dataDir: string, log?: Logger) {
    this.file = new JsonDocumentFile(
      join(dataDir, 'ui-state.json'),
      uiStateSchema,
      () => ({}),
      log,
    );
  }

  async load(): Promise<void> {
    this.state = await this.file.read();
  }

  snapshot(): UiState {
    return { ...this.state };
  }

  async update(patch: UiStatePatch): Promise<UiState> {
    const next: UiState = { ...this.state };
    if (patch.sidebarCollapsed !== undefined) next.sidebarCollapsed = patch.sidebarCollapsed;
    if (patch.serversCollapsed !== undefined) next.serversCollapsed = patch.serversCollapsed;
    if (patch.lastConversationId === null) delete next.lastConversationId;
    else if (patch.lastConversationId !== undefined)
      next.lastConversationId = patch.lastConversationId;
    this.state = next;
    await this.file.write(next);
    return this.snapshot();
  }

  /** A deleted conversation is not restored. */
  async forgetConversation(id: string): Promise<void> {
    if (this.state.lastConversationId === id) await this.update({ lastConversationId: null });
  }
}
