/* global Request, Response, TransformStream */
// Loaded with `node --import` into the electron package's own installer (install.js), which it
// leaves unchanged: it only watches the installer's fetch calls and reports, as JSON lines on
// the file descriptor named by SWITCHBOARD_INSTALL_REPORT_FD, which URL was asked for, how much
// of it arrived, and why a request failed (the installer itself prints only a stack without the
// URL, and a network error without its cause).
import { writeSync } from 'node:fs';

const fd = Number(process.env.SWITCHBOARD_INSTALL_REPORT_FD);
const report = (event) => {
  try {
    writeSync(fd, `${JSON.stringify(event)}\n`);
  } catch {
    // Nobody listens (run by hand): the installer works the same.
  }
};

/** The deepest cause's code and message: "ECONNREFUSED connect ECONNREFUSED 127.0.0.1:9". */
function describe(error) {
  let inner = error;
  while (inner && typeof inner === 'object' && 'cause' in inner && inner.cause) inner = inner.cause;
  if (inner instanceof AggregateError && inner.errors.length > 0) inner = inner.errors[0];
  const message = inner instanceof Error ? inner.message : String(inner);
  const code = inner && typeof inner === 'object' && 'code' in inner ? String(inner.code) : '';
  return code && !message.includes(code) ? `${code} ${message}` : message;
}

const realFetch = globalThis.fetch;
if (Number.isInteger(fd) && fd > 2 && typeof realFetch === 'function') {
  globalThis.fetch = async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    report({ type: 'request', url });
    let response;
    try {
      response = await realFetch(input, init);
    } catch (error) {
      report({ type: 'failed', url, error: describe(error) });
      throw error;
    }
    const length = Number(response.headers.get('content-length'));
    const total = Number.isFinite(length) && length > 0 ? length : undefined;
    report({
      type: 'response',
      url,
      status: response.status,
      statusText: response.statusText,
      total,
    });
    if (!response.ok || !response.body) return response;
    let transferred = 0;
    let reported = 0;
    const counted = response.body.pipeThrough(
      new TransformStream({
        transform(chunk, controller) {
          transferred += chunk.byteLength;
          // A line per 1 % (or per MiB when the size is unknown) keeps the pipe quiet.
          const step = total ? total / 100 : 1 << 20;
          if (transferred - reported >= step) {
            reported = transferred;
            report({ type: 'progress', url, transferred, total });
          }
          controller.enqueue(chunk);
        },
        flush() {
          report({ type: 'progress', url, transferred, total });
        },
      }),
    );
    return new Response(counted, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}
