import startUnpackWorker from './unpackWorker?nodeWorker';
import { AppError, AppErrorCode } from '../../../shared/errors';
import { formatBytes } from '../../../shared/domain/formatBytes';
import { hostText, type HostText } from '../../../shared/text/hostText';
import { formatCap, type UnpackLimits } from './unpackLimits';
import type { UnpackJob, UnpackOutcome, UnpackRefusal } from './unpackProtocol';

/** What reading a bundle gives main (everything heavy happened in the worker). */
export type BundleFileRead = Extract<UnpackOutcome, { ok: true }>;

/**
 * Reads a bundle in a worker thread of its own (see `unpackWorker.ts`): its digest, signature
 * and manifest text, and with `job.into` every file unpacked there. The worker's heap is
 * capped too, so even a bug there cannot take the app's memory.
 *
 * @throws AppError(Validation) saying why the bundle was refused, naming the cap it broke.
 */
export function readBundleFile(job: UnpackJob): Promise<BundleFileRead> {
  return new Promise((resolve, reject) => {
    const worker = startUnpackWorker({
      workerData: job,
      resourceLimits: { maxOldGenerationSizeMb: 1024 },
      // Nothing it prints reaches the CLI's stdout (`--json` keeps it to one document).
      stdout: true,
      stderr: true,
    });
    worker.stdout.resume();
    worker.stderr.resume();
    let settled = false;
    const settle = (outcome: UnpackOutcome | Error) => {
      if (settled) return;
      settled = true;
      void worker.terminate();
      if (outcome instanceof Error) reject(outcome);
      else if (outcome.ok) resolve(outcome);
      else reject(refusalError(outcome.refusal, job));
    };
    worker.once('message', (outcome: UnpackOutcome) => settle(outcome));
    worker.once('error', (error: Error) =>
      settle(refusalError({ kind: 'damaged', reason: error.message }, job)),
    );
    worker.once('exit', (code) =>
      settle(refusalError({ kind: 'damaged', reason: `reader stopped (${String(code)})` }, job)),
    );
  });
}

function refusalError(refusal: UnpackRefusal, job: UnpackJob): AppError {
  return new AppError(AppErrorCode.Validation, refusalText(refusal, job.limits, job.source), {
    refusal: refusal.kind,
  });
}

/** The person's reason for a refusal; caps named as numbers with their units. */
export function refusalText(refusal: UnpackRefusal, limits: UnpackLimits, path: string): HostText {
  switch (refusal.kind) {
    case 'unreadable':
      return hostText('bundles.unreadable', { path, reason: refusal.reason });
    case 'tooLarge':
      return hostText('bundles.tooLarge', {
        size: formatBytes(refusal.size),
        max: formatBytes(limits.bundleBytes),
      });
    case 'changed':
      return hostText('bundles.changedSinceReview', {
        reviewed: refusal.reviewed,
        now: refusal.now,
      });
    case 'notArchive':
      return hostText('bundles.notArchive', { path });
    case 'damaged':
      return hostText('bundles.damaged', { reason: refusal.reason });
    case 'badSignatureBlock':
      return hostText('bundles.badSignatureBlock');
    case 'tooManyEntries':
      return hostText('bundles.tooManyEntries', { max: limits.entries.toLocaleString('en-US') });
    case 'totalTooLarge':
      return hostText('bundles.totalTooLarge', { max: formatCap(limits.totalBytes) });
    case 'entryTooLarge':
      return hostText('bundles.entryTooLarge', {
        name: refusal.name,
        max: formatCap(limits.entryBytes),
      });
    case 'ratio':
      return hostText('bundles.ratio', {
        name: refusal.name,
        ratio: refusal.ratio.toLocaleString('en-US'),
        max: limits.ratio,
      });
    case 'manifestTooLarge':
      return hostText('bundles.manifestTooLarge', { max: formatCap(limits.manifestBytes) });
    case 'badName':
      return hostText('bundles.badName', { name: refusal.name });
    case 'duplicate':
      return hostText('bundles.duplicate', { name: refusal.name });
    case 'special':
      return hostText('bundles.special', { name: refusal.name });
    case 'encrypted':
      return hostText('bundles.encrypted', { name: refusal.name });
    case 'linkEscapes':
      return hostText('bundles.linkEscapes', { name: refusal.name, target: refusal.target });
    case 'underLink':
      return hostText('bundles.underLink', { name: refusal.name, link: refusal.link });
  }
}
