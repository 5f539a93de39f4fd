import type { DroppedLine } from '../launch/LineReader';
import { hostText, type HostText } from '../../../../shared/text/hostText';

/** A JSON-RPC id: a number or a JSON string (escapes allowed). */
const ID = String.raw`(-?\d+|"(?:[^"\\]|\\.)*")`;
/** `{"result"…`, `{"jsonrpc":"2.0","result"…` or `{"jsonrpc":"2.0","id":N,"result"…` (any of error). */
const RESPONSE_HEAD = new RegExp(
  String.raw`^\s*\{\s*(?:"jsonrpc"\s*:\s*"2\.0"\s*,\s*)?(?:"id"\s*:\s*${ID}\s*,\s*)?"(?:result|error)"\s*:`,
);
/** `…,"id":N}` closing the message: the id as its last member. */
const ID_TAIL = new RegExp(String.raw`,\s*"id"\s*:\s*${ID}\s*\}\s*$`);

/**
 * The id of the response a dropped line carried, read from its two ends only: a response
 * starts with its result or error (after `jsonrpc` and maybe `id`), and its id is then either
 * there or the message's last member, as JSON-RPC libraries write them. Undefined for anything
 * else (a request or notification, or a shape not recognised), which cannot be answered for.
 */
export function droppedResponseId(line: DroppedLine): string | number | undefined {
  const head = RESPONSE_HEAD.exec(line.head);
  if (!head) return undefined;
  const raw = head[1] ?? ID_TAIL.exec(line.tail)?.[1];
  if (raw === undefined) return undefined;
  try {
    const id: unknown = JSON.parse(raw);
    return typeof id === 'number' || typeof id === 'string' ? id : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The `data` of the error a request is failed with when a message over the cap was dropped:
 * `answer` when the message was that request's answer, `unknown` when it could not be told
 * what the message was (so every waiting request failed). Made here, never parsed from a
 * server (JSON cannot make one), so the message it stands for is the host's own.
 */
export class DroppedAnswer {
  constructor(
    readonly name: string,
    readonly maxMessageBytes: number,
    readonly bytes: number,
    readonly kind: 'answer' | 'unknown' = 'answer',
  ) {}
}

/** The words for a {@link DroppedAnswer}, naming the limit. */
export function droppedAnswerText(data: DroppedAnswer): HostText {
  const { name, maxMessageBytes: limit, bytes: size } = data;
  return data.kind === 'answer'
    ? hostText('mcp.resultTooLarge', { name, limit, size })
    : hostText('mcp.messageTooLarge', { name, limit, size });
}
