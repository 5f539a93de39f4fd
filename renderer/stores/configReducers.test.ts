import { describe, expect, it } from 'vitest';
import type { ConfigDocument } from '../../shared/domain/mcpViews';
import {
  canSave,
  documentArrived,
  draftEdited,
  editorText,
  emptyConfigModel,
  externalResolved,
  reverted,
  saveFailed,
  saveFinished,
  saveStarted,
  type ConfigModel,
} from './configReducers';

const doc = (text: string, patch: Partial<ConfigDocument> = {}): ConfigDocument => ({
  path: '/data/servers.json',
  exists: true,
  text,
  problems: [],
  ...patch,
});
const loaded = (text: string): ConfigModel => documentArrived(emptyConfigModel, doc(text));
const problem = { severity: 'error' as const, message: 'bad', line: 1, column: 1 };

describe('config editor model', () => {
  it('shows the file, and edits on top of it', () => {
    let model = loaded('A');
    expect(editorText(model)).toBe('A');
    expect(canSave(model)).toBe(false);
    model = draftEdited(model, 'AB');
    expect(model.draft).toBe('AB');
    expect(canSave(model)).toBe(true);
    // Typing back to what is on disk means there is nothing to save.
    expect(draftEdited(model, 'A').draft).toBeNull();
  });

  it('can save a file that does not exist yet', () => {
    expect(canSave(documentArrived(emptyConfigModel, doc('', { exists: false })))).toBe(true);
  });

  it('follows outside changes when there are no edits', () => {
    const model = documentArrived(loaded('A'), doc('B', { problems: [problem] }));
    expect(editorText(model)).toBe('B');
    expect(model.problems).toEqual([problem]);
    expect(model.external).toBeNull();
  });

  it('asks before replacing edits with an outside change', () => {
    const dirty = draftEdited(loaded('A'), 'mine');
    const model = documentArrived(dirty, doc('theirs'));
    expect(model.external?.text).toBe('theirs');
    expect(editorText(model)).toBe('mine');

    const reloaded = externalResolved(model, 'reload');
    expect([editorText(reloaded), reloaded.draft, reloaded.external]).toEqual([
      'theirs',
      null,
      null,
    ]);

    const kept = externalResolved(model, 'keep');
    expect([editorText(kept), kept.disk?.text, kept.external]).toEqual(['mine', 'theirs', null]);
  });

  it('does not mistake the echo of its own save for an outside change', () => {
    let model = draftEdited(loaded('A'), 'B');
    model = saveStarted(model, 'B');
    model = documentArrived(model, doc('B'));
    expect(model.external).toBeNull();
    expect(model.draft).toBeNull();
    model = saveFinished(model, 'B', { saved: true, document: doc('B') });
    expect(model.saveOutcome).toEqual({ kind: 'saved' });
    expect(model.savingText).toBeNull();
  });

  it('keeps typing done during a save as edits', () => {
    let model = saveStarted(draftEdited(loaded('A'), 'B'), 'B');
    model = draftEdited(model, 'BC');
    model = saveFinished(model, 'B', { saved: true, document: doc('B') });
    expect(model.disk?.text).toBe('B');
    expect(model.draft).toBe('BC');
  });

  it('keeps the edits and shows main’s problems when a save is refused', () => {
    let model = saveStarted(draftEdited(loaded('{}'), '{'), '{');
    model = saveFinished(model, '{', { saved: false, document: doc('{', { problems: [problem] }) });
    expect(model.draft).toBe('{');
    expect(model.disk?.text).toBe('{}');
    expect(model.problems).toEqual([problem]);
    expect(model.problemsText).toBe('{');
    expect(model.saveOutcome).toEqual({ kind: 'invalid' });
  });

  it('reports a save that got no answer and keeps the edits', () => {
    const model = saveFailed(saveStarted(draftEdited(loaded('A'), 'B'), 'B'), {
      code: 'CANCELLED',
      message: 'Connection lost',
    });
    expect(model.saveOutcome).toEqual({
      kind: 'failed',
      error: { code: 'CANCELLED', message: 'Connection lost' },
    });
    expect(model.draft).toBe('B');
  });

  it('reverts to the file and its problems', () => {
    const base = documentArrived(emptyConfigModel, doc('A', { problems: [problem] }));
    const model = reverted(
      saveFinished(draftEdited(base, 'B'), 'B', { saved: false, document: doc('B') }),
    );
    expect([model.draft, model.problems, model.problemsText, model.saveOutcome]).toEqual([
      null,
      [problem],
      'A',
      null,
    ]);
  });
});
