/**
 * A request body: `head` with `messages` added last, its elements given as JSON text (see
 * HistoryWireCache). The same bytes `JSON.stringify` writes for `{ ...head, messages }`.
 */
export function withMessagesJson(head: object, elements: string): string {
  const json = JSON.stringify(head);
  // `{}`: no comma before the key.
  const open = json.length > 2 ? `${json.slice(0, -1)},` : '{';
  return `${open}"messages":[${elements}]}`;
}
