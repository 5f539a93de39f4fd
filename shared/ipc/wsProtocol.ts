import type { Envelope } from './envelope';
import type { JsonReply } from './JsonReply';

/** Frames of the web shell's WebSocket: the same contract as Electron IPC, as JSON. */
export interface InvokeFrame {
  kind: 'invoke';
  id: number;
  name: string;
  input: unknown;
}

export interface ResultFrame {
  kind: 'result';
  /** null when the request frame was too broken to carry an id. */
  id: number | null;
  result: Envelope<unknown>;
}

export interface EventFrame {
  kind: 'event';
  name: string;
  payload: unknown;
}

export type ServerFrame = ResultFrame | EventFrame;

/** Path of the socket endpoint. */
export const WS_PATH = '/ipc';

/**
 * A socket opened with `?bootstrap=1` is sent `app.bootstrap`'s answer as result frame
 * {@link EAGER_BOOTSTRAP_ID} as soon as it is accepted, before it has sent anything: a page's
 * first round trip runs while the page is still evaluating its scripts. Without the parameter
 * nothing is sent unasked.
 */
export const EAGER_BOOTSTRAP_PARAM = 'bootstrap';
/** The id of that answer's result frame (a window's own requests count from 1). */
export const EAGER_BOOTSTRAP_ID = 0;
/** Largest request the shell will parse; larger ones get a validation error. */
export const MAX_REQUEST_BYTES = 1024 * 1024;

/** The result frame of an answer built as JSON: the same JSON as serializing the frame whole. */
export function resultFrameJson(id: number, reply: JsonReply<unknown>): string {
  return `{"kind":"result","id":${String(id)},"result":{"ok":true,"value":${reply.text}}}`;
}
