import type { WireBody } from '../HistoryWireCache';

/** A request body's text, as the API reads it. */
export async function wireBodyText(body: WireBody): Promise<string> {
  return body instanceof Blob ? body.text() : Buffer.from(body).toString('utf8');
}
