import { watch, watchFile, unwatchFile, type FSWatcher } from 'node:fs';
import { basename, dirname } from 'node:path';
import type { Logger } from '../../platform/Logger';

/** Stops a watch. */
export interface FileWatch {
  close(): void;
}

/** How often the fallback poller stats the file when the directory cannot be watched. */
const POLL_INTERVAL_MS = 1_000;

/**
 * Calls `onEvent` whenever something may have happened to `file`. The directory is watched,
 * not the file: editors save by writing a temp file and renaming it over the original, which
 * ends a watch on the old inode, and the file may be deleted and re-created. Events are hints
 * (they arrive in bursts, sometimes without a name); the caller debounces and compares content.
 * If the directory cannot be watched (missing, or the watch fails later) it falls back to
 * polling the file's stat so changes are still noticed, just later.
 */
export function watchFileInDirectory(file: string, onEvent: () => void, log: Logger): FileWatch {
  const name = basename(file);
  let watcher: FSWatcher | undefined;
  let polling = false;
  let closed = false;
  const onStat = (): void => onEvent();

  const poll = (): void => {
    if (polling || closed) return;
    polling = true;
    // Persistent false: a watch must never keep a CLI process alive on its own.
    watchFile(file, { interval: POLL_INTERVAL_MS, persistent: false }, onStat);
  };

  try {
    watcher = watch(dirname(file), { persistent: false }, (_event, changed) => {
      // Some platforms omit the name; then any event in the directory may be ours.
      if (changed === null || changed === name) onEvent();
    });
    watcher.on('error', (error) => {
      log.warn('servers file watch failed; polling instead', { error });
      watcher?.close();
      watcher = undefined;
      poll();
      onEvent();
    });
  } catch (error) {
    log.warn('cannot watch the servers file directory; polling instead', { error });
    poll();
  }

  return {
    close: () => {
      closed = true;
      watcher?.close();
      if (polling) unwatchFile(file, onStat);
    },
  };
}
