// What `npm start` shows while the electron package's installer downloads the binary: the URL
// once, then the percentage, rewritten in place on a terminal (a line per quarter elsewhere).

const mb = (bytes) => `${Math.round(bytes / 1e6)} MB`;

/**
 * A printer for the installer's events on `stream`; `end()` finishes the progress line.
 * @param {NodeJS.WritableStream & { isTTY?: boolean }} stream
 */
export function createInstallProgress(stream) {
  let open = false;
  let lastQuarter = -1;
  const write = (text) => void stream.write(text);
  return {
    onEvent(event) {
      if (event.type === 'request') {
        write(`${open ? '\n' : ''}Downloading Electron's binary (once) from ${event.url}\n`);
        open = false;
        lastQuarter = -1;
      } else if (event.type === 'progress') {
        const size = event.total ? ` of ${mb(event.total)}` : '';
        const percent = event.total
          ? Math.floor((event.transferred / event.total) * 100)
          : undefined;
        const text = percent === undefined ? mb(event.transferred) : `${percent}%${size}`;
        if (stream.isTTY) {
          write(`\r  ${text}   `);
          open = true;
        } else if (percent !== undefined && Math.floor(percent / 25) > lastQuarter) {
          lastQuarter = Math.floor(percent / 25);
          write(`  ${text}\n`);
        }
      }
    },
    end() {
      if (open) write('\n');
      open = false;
    },
  };
}
