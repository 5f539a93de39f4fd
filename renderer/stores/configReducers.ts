import type { ConfigDocument, ConfigProblemView } from '../../shared/domain/mcpViews';
import type { RequestOutput } from '../../shared/ipc/contract';
import type { ErrorInfo } from './loadable';

/** How the last save went: written, refused with problems, or not answered. */
export type SaveOutcome =
  { kind: 'saved' } | { kind: 'invalid' } | { kind: 'failed'; error: ErrorInfo };

/** The editor's data: the file as main last described it, and the person's edits. */
export interface ConfigModel {
  /** The servers file as main last reported it (null until loaded). */
  disk: ConfigDocument | null;
  /** Unsaved edits; null when the editor shows exactly what is on disk. */
  draft: string | null;
  /** Problems to show, and the text whose positions they use. */
  problems: ConfigProblemView[];
  problemsText: string;
  /** The text of a save in flight; its echo as `config.changed` is not an outside change. */
  savingText: string | null;
  saveOutcome: SaveOutcome | null;
  /** The file changed outside the app while there were unsaved edits: the person chooses. */
  external: ConfigDocument | null;
}

export const emptyConfigModel: ConfigModel = {
  disk: null,
  draft: null,
  problems: [],
  problemsText: '',
  savingText: null,
  saveOutcome: null,
  external: null,
};

/** The text the editor shows. */
export function editorText(model: ConfigModel): string {
  return model.draft ?? model.disk?.text ?? '';
}

/** True when there is something to save (edits, or a file that does not exist yet). */
export function canSave(model: ConfigModel): boolean {
  return model.disk !== null && (model.draft !== null || !model.disk.exists);
}

function showDisk(model: ConfigModel, doc: ConfigDocument): ConfigModel {
  return {
    ...model,
    disk: doc,
    draft: null,
    problems: doc.problems,
    problemsText: doc.text,
    external: null,
  };
}

/** A fresh `config.get` answer, or a change in the file (from anyone). */
export function documentArrived(model: ConfigModel, doc: ConfigDocument): ConfigModel {
  if (model.savingText !== null && doc.text === model.savingText) {
    // Our own save, echoed before its answer: the file now holds it.
    return model.draft === null || model.draft === doc.text
      ? showDisk(model, doc)
      : { ...model, disk: doc };
  }
  if (model.draft === null || model.draft === doc.text) return showDisk(model, doc);
  // Same text on disk (main revalidated it): nothing to decide, edits stay.
  if (model.disk && model.disk.text === doc.text) return { ...model, disk: doc };
  return { ...model, external: doc };
}

/** The person typed. Back to the disk text means "no edits". */
export function draftEdited(model: ConfigModel, text: string): ConfigModel {
  const draft = model.disk && text === model.disk.text ? null : text;
  if (draft === model.draft) return model;
  return { ...model, draft, saveOutcome: null };
}

/**
 * Main checked a text as the person typed it: its problems show, unless the text changed
 * again meanwhile (an answer for an older text is dropped; the newer one's comes).
 */
export function validated(
  model: ConfigModel,
  text: string,
  problems: ConfigProblemView[],
): ConfigModel {
  if (editorText(model) !== text) return model;
  return { ...model, problems, problemsText: text };
}

/** Throws the edits away. */
export function reverted(model: ConfigModel): ConfigModel {
  return model.disk ? { ...showDisk(model, model.disk), saveOutcome: null } : model;
}

/** Reload the outside version, or keep the edits (a later save overwrites the file). */
export function externalResolved(model: ConfigModel, choice: 'reload' | 'keep'): ConfigModel {
  const doc = model.external;
  if (!doc) return model;
  if (choice === 'reload') return { ...showDisk(model, doc), saveOutcome: null };
  return { ...model, disk: doc, external: null };
}

export function saveStarted(model: ConfigModel, text: string): ConfigModel {
  return { ...model, savingText: text, saveOutcome: null };
}

/**
 * Main answered a save. A refused save keeps the edits and shows main's problems for the
 * submitted text; a written one becomes the disk state, unless the person kept typing.
 */
export function saveFinished(
  model: ConfigModel,
  text: string,
  answer: RequestOutput<'config.save'>,
): ConfigModel {
  const base = { ...model, savingText: null };
  if (!answer.saved) {
    return {
      ...base,
      problems: answer.document.problems,
      problemsText: text,
      saveOutcome: { kind: 'invalid' },
    };
  }
  const shown =
    base.draft === null || base.draft === text
      ? showDisk(base, answer.document)
      : { ...base, disk: answer.document, problems: answer.document.problems, problemsText: text };
  return { ...shown, saveOutcome: { kind: 'saved' } };
}

export function saveFailed(model: ConfigModel, error: ErrorInfo): ConfigModel {
  return { ...model, savingText: null, saveOutcome: { kind: 'failed', error } };
}
