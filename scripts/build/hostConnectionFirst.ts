import type { Plugin } from 'vite';

/**
 * Runs the chunk named `chunkName` (the window's connection to main) as a module script of its
 * own, `async`, ahead of the page's entry, in every page whose entry imports it.
 *
 * Imported by the entry alone, the chunk runs only once the whole start-up graph (half a
 * megabyte) is fetched and compiled, so the socket's handshake and the bootstrap's round trip
 * came after that. An async module script runs as soon as its own graph is in, and the entry's
 * import then finds the same module instance (same URL), already connecting.
 */
export function hostConnectionFirst(chunkName: string): Plugin {
  return {
    name: 'switchboard:host-connection-first',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle, chunk }) {
        const connection = Object.values(bundle ?? {}).find(
          (output) => output.type === 'chunk' && output.name === chunkName,
        );
        if (!connection || !chunk?.imports.includes(connection.fileName)) return html;
        return withAsyncModuleFirst(html, `./${connection.fileName}`);
      },
    },
  };
}

/** `html` with an async module script for `src` before its first module script. */
export function withAsyncModuleFirst(html: string, src: string): string {
  const at = html.indexOf('<script type="module"');
  if (at < 0) throw new Error(`no module script in the page to run ${src} ahead of`);
  const tag = `<script type="module" async crossorigin src="${src}"></script>`;
  const indent = /[ \t]*$/.exec(html.slice(0, at))?.[0] ?? '';
  return `${html.slice(0, at)}${tag}\n${indent}${html.slice(at)}`;
}
