import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Sends a DevTools command to the page. */
export type SendToPage = (method: string, params?: Record<string, unknown>) => Promise<unknown>;

/**
 * With `BENCH_PAGE_PROFILE_DIR` set, starts a CPU profile of the page (200 µs samples) and
 * returns what writes it to `<dir>/page-<time>.cpuprofile`; the page must still be open then.
 */
export async function profilePage(send: SendToPage): Promise<(() => Promise<void>) | undefined> {
  const profileDir = process.env.BENCH_PAGE_PROFILE_DIR;
  if (!profileDir) return undefined;
  await send('Profiler.enable');
  await send('Profiler.setSamplingInterval', { interval: 200 });
  await send('Profiler.start');
  return async () => {
    const { profile } = (await send('Profiler.stop')) as { profile: unknown };
    const file = join(profileDir, `page-${String(Date.now())}.cpuprofile`);
    await writeFile(file, JSON.stringify(profile));
  };
}
