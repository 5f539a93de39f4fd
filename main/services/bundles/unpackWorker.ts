/*
 * The bundle reader, in a worker thread: reads the `.mcpb` file (its size capped), hashes it,
 * checks its signature with `@anthropic-ai/mcpb`, and reads the zip with yauzl, which streams
 * each entry and checks names and sizes against the central directory. Every cap of the job's
 * `limits` is checked on the declared sizes before anything is inflated, and again on the
 * bytes as they come out. Main's event loop never waits on any of it.
 *
 * It imports only Node, yauzl and the mcpb library at run time: tests start it from this
 * source file (Node strips the types), the build bundles it as a worker chunk.
 */
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { chmod, mkdir, open, rm, symlink, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Transform, Writable, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parentPort, workerData } from 'node:worker_threads';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import type { UnpackLimits } from './unpackLimits';
import type { SignatureCheck, UnpackJob, UnpackOutcome, UnpackRefusal } from './unpackProtocol';

class Refused extends Error {
  readonly refusal: UnpackRefusal;
  constructor(refusal: UnpackRefusal) {
    super(refusal.kind);
    this.refusal = refusal;
  }
}

interface Item {
  entry: Entry;
  /** Normalised, `/`-separated, relative to the bundle's root. */
  path: string;
  kind: 'file' | 'dir' | 'link';
  executable: boolean;
  /** A link's text, once read. */
  target?: string;
}

const FOOTER = Buffer.from('MCPB_SIG_END', 'utf8');
const HEADER = Buffer.from('MCPB_SIG_V1', 'utf8');
const TYPE_MASK = 0o170000;
const TYPE_DIR = 0o040000;
const TYPE_FILE = 0o100000;
const TYPE_LINK = 0o120000;
/** `versionMadeBy` high byte of archives made on Unix-like systems (their modes are real). */
const MADE_ON_UNIX = 3;

async function run(job: UnpackJob): Promise<UnpackOutcome> {
  const bytes = await readBounded(job.source, job.limits.bundleBytes);
  const digest = `sha256:${createHash('sha256').update(bytes).digest('hex')}`;
  if (job.digest !== undefined && job.digest !== digest) {
    throw new Refused({ kind: 'changed', reviewed: job.digest, now: digest });
  }
  const { content, signature } = await checkSignature(bytes, job.scratch);
  let zip: ZipFile;
  try {
    zip = await yauzl.fromBufferPromise(content, {
      lazyEntries: true,
      decodeStrings: true,
      validateEntrySizes: true,
      // Backslashes (some Windows tools) read as folder separators.
      strictFileNames: false,
    });
  } catch (error) {
    throw new Refused({ kind: 'notArchive', reason: messageOf(error) });
  }
  const items = await scan(zip, job.limits);
  await checkLinks(zip, items, job.limits);
  const manifest = items.find((item) => item.path === 'manifest.json' && item.kind === 'file');
  const manifestText = manifest
    ? await readText(zip, manifest, job.limits.manifestBytes)
    : undefined;
  // A review inflates everything too (into nothing): what the central directory claims is
  // checked against what really comes out, so the install of a reviewed bundle holds no surprise.
  await extract(zip, items, job.into, job.limits);
  return { ok: true, digest, signature, ...(manifestText !== undefined ? { manifestText } : {}) };
}

/** The whole file, refused when over the cap (read once: what is hashed is what is unpacked). */
async function readBounded(path: string, max: number): Promise<Buffer> {
  let handle;
  try {
    handle = await open(path, 'r');
  } catch (error) {
    throw new Refused({ kind: 'unreadable', reason: messageOf(error) });
  }
  try {
    const info = await handle.stat();
    if (!info.isFile()) throw new Refused({ kind: 'unreadable', reason: 'not a file' });
    if (info.size > max) throw new Refused({ kind: 'tooLarge', size: info.size });
    const buffer = Buffer.allocUnsafe(info.size);
    let at = 0;
    while (at < info.size) {
      const { bytesRead } = await handle.read(buffer, at, info.size - at, at);
      if (bytesRead === 0) break;
      at += bytesRead;
    }
    return buffer.subarray(0, at);
  } finally {
    await handle.close();
  }
}

/**
 * The zip part and what its signature says. A file ending in a signature block is checked
 * with the library, and the bytes unpacked are exactly the bytes it verified: a block that
 * does not sit exactly at the end is refused rather than read two ways.
 */
async function checkSignature(
  bytes: Buffer,
  scratch: string,
): Promise<{ content: Buffer; signature: SignatureCheck }> {
  const endsInBlock =
    bytes.length >= FOOTER.length && bytes.subarray(bytes.length - FOOTER.length).equals(FOOTER);
  if (!endsInBlock)
    return { content: bytes, signature: { status: 'unsigned', carriesSignature: false } };
  const mcpb = await import('@anthropic-ai/mcpb');
  const { originalContent, pkcs7Signature } = mcpb.extractSignatureBlock(bytes);
  const blockLength = HEADER.length + 4 + (pkcs7Signature?.length ?? 0) + FOOTER.length;
  if (!pkcs7Signature || originalContent.length + blockLength !== bytes.length) {
    throw new Refused({ kind: 'badSignatureBlock' });
  }
  // The library verifies a file: a private copy of the bytes read, so it sees the same ones.
  await writeFile(scratch, bytes, { mode: 0o600, flag: 'wx' });
  try {
    const info = await mcpb.verifyMcpbFile(scratch).catch(() => ({ status: 'unsigned' as const }));
    const signature: SignatureCheck =
      info.status === 'unsigned'
        ? { status: 'unsigned', carriesSignature: true }
        : {
            status: info.status,
            carriesSignature: true,
            ...(info.publisher ? { publisher: info.publisher } : {}),
            ...(info.issuer ? { issuer: info.issuer } : {}),
            ...(info.valid_from ? { validFrom: info.valid_from } : {}),
            ...(info.valid_to ? { validTo: info.valid_to } : {}),
            ...(info.fingerprint ? { fingerprint: info.fingerprint } : {}),
          };
    return { content: originalContent, signature };
  } finally {
    await rm(scratch, { force: true });
  }
}

/** Every entry from the central directory, checked against the caps before any is inflated. */
async function scan(zip: ZipFile, limits: UnpackLimits): Promise<Item[]> {
  if (zip.entryCount > limits.entries) throw new Refused({ kind: 'tooManyEntries' });
  const items: Item[] = [];
  const seen = new Set<string>();
  let total = 0;
  try {
    for await (const entry of zip.eachEntry()) {
      const path = cleanPath(entry.fileName);
      if (path === '') continue;
      // Names that differ only in case are one file on macOS and Windows.
      const key = path.normalize('NFC').toLowerCase();
      if (seen.has(key)) throw new Refused({ kind: 'duplicate', name: path });
      seen.add(key);
      const mode =
        entry.versionMadeBy >> 8 === MADE_ON_UNIX ? entry.externalFileAttributes >>> 16 : 0;
      const type = mode & TYPE_MASK;
      const kind =
        entry.fileName.endsWith('/') || type === TYPE_DIR
          ? 'dir'
          : type === TYPE_LINK
            ? 'link'
            : type === 0 || type === TYPE_FILE
              ? 'file'
              : undefined;
      if (!kind) throw new Refused({ kind: 'special', name: path });
      items.push({ entry, path, kind, executable: (mode & 0o111) !== 0 });
      if (kind === 'dir') continue;
      if (entry.isEncrypted()) throw new Refused({ kind: 'encrypted', name: path });
      if (!entry.canDecodeFileData()) {
        const reason = `${path}: compression method ${String(entry.compressionMethod)}`;
        throw new Refused({ kind: 'damaged', reason });
      }
      const size = entry.uncompressedSize;
      total += size;
      if (total > limits.totalBytes) throw new Refused({ kind: 'totalTooLarge' });
      if (size > limits.entryBytes) throw new Refused({ kind: 'entryTooLarge', name: path });
      if (size > limits.ratioFloorBytes && size > entry.compressedSize * limits.ratio) {
        const ratio = Math.round(size / Math.max(1, entry.compressedSize));
        throw new Refused({ kind: 'ratio', name: path, ratio });
      }
      if (path === 'manifest.json' && size > limits.manifestBytes) {
        throw new Refused({ kind: 'manifestTooLarge' });
      }
    }
  } catch (error) {
    if (error instanceof Refused) throw error;
    const reason = messageOf(error);
    // yauzl's own checks of names: absolute, `..`, characters no file name may have.
    const name =
      /^(?:absolute path|invalid relative path|invalid characters in fileName): (.*)$/.exec(reason);
    if (name) throw new Refused({ kind: 'badName', name: name[1] ?? '', reason });
    throw new Refused({ kind: 'damaged', reason });
  }
  return items;
}

/** `a/./b//c` → `a/b/c`; `..` never passes (yauzl refuses it first; checked here again). */
function cleanPath(name: string): string {
  const parts = name.split('/').filter((part) => part !== '' && part !== '.');
  if (name.startsWith('/') || parts.includes('..') || name.includes('\0')) {
    throw new Refused({ kind: 'badName', name, reason: 'outside the bundle' });
  }
  return parts.join('/');
}

/**
 * Links stay inside the bundle: a relative target that, walked from the link's folder, never
 * climbs above the root and never passes through another link (whose own target could then
 * lead out); nothing is unpacked under a link. They are made last, after every file.
 */
async function checkLinks(zip: ZipFile, items: Item[], limits: UnpackLimits): Promise<void> {
  const links = new Set(items.filter((i) => i.kind === 'link').map((i) => i.path.toLowerCase()));
  if (links.size === 0) return;
  const underLink = (path: string): string | undefined => {
    const parts = path.toLowerCase().split('/');
    for (let n = 1; n < parts.length; n++) {
      const prefix = parts.slice(0, n).join('/');
      if (links.has(prefix)) return prefix;
    }
    return undefined;
  };
  for (const item of items) {
    const link = underLink(item.path);
    if (link) throw new Refused({ kind: 'underLink', name: item.path, link });
    if (item.kind !== 'link') continue;
    const target = await readText(zip, item, limits.linkBytes);
    const escapes = () => new Refused({ kind: 'linkEscapes', name: item.path, target });
    if (target === '' || target.startsWith('/') || /^[A-Za-z]:|\\|\0/.test(target)) throw escapes();
    const walked = item.path.split('/').slice(0, -1);
    for (const part of target.split('/')) {
      if (part === '' || part === '.') continue;
      if (part === '..') {
        if (walked.length === 0) throw escapes();
        walked.pop();
        continue;
      }
      walked.push(part);
      if (links.has(walked.join('/').toLowerCase())) throw escapes();
    }
    item.target = target;
  }
}

/** An entry's text, refused past `max` bytes. */
async function readText(zip: ZipFile, item: Item, max: number): Promise<string> {
  const chunks: Buffer[] = [];
  let length = 0;
  const stream = await openEntry(zip, item);
  try {
    for await (const chunk of stream) {
      const data = chunk as Buffer;
      length += data.length;
      if (length > max) {
        throw new Refused(
          item.path === 'manifest.json'
            ? { kind: 'manifestTooLarge' }
            : { kind: 'damaged', reason: `${item.path}: longer than ${String(max)} bytes` },
        );
      }
      chunks.push(data);
    }
  } catch (error) {
    throw asRefusal(error, item);
  } finally {
    stream.destroy();
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Unpacks every entry into `into` (or only inflates and counts, without it). Files are
 * created new (never through an existing path), then get 0644, or 0755 when the archive gave
 * them any execute bit; folders 0755; no group or world write, no setuid, setgid or sticky
 * bit, whatever the archive says.
 */
async function extract(
  zip: ZipFile,
  items: Item[],
  into: string | undefined,
  limits: UnpackLimits,
) {
  const totals = { bytes: 0 };
  if (into === undefined) {
    for (const item of items) {
      if (item.kind !== 'file') continue;
      await inflate(zip, item, counter(item, limits, totals), discard());
    }
    return;
  }
  const folders = new Set<string>([into]);
  const folder = async (path: string) => {
    if (folders.has(path)) return;
    await mkdir(path, { recursive: true, mode: 0o755 });
    for (let dir = path; dir.length > into.length && !folders.has(dir); dir = dirname(dir)) {
      folders.add(dir);
    }
  };
  for (const item of items) {
    const target = join(into, ...item.path.split('/'));
    if (item.kind === 'dir') {
      await folder(target);
      continue;
    }
    await folder(dirname(target));
    if (item.kind === 'link') continue;
    const file = createWriteStream(target, { flags: 'wx', mode: 0o600 });
    await inflate(zip, item, counter(item, limits, totals), file);
    await chmod(target, item.executable ? 0o755 : 0o644);
  }
  for (const item of items) {
    if (item.kind === 'link' && item.target !== undefined) {
      await symlink(item.target, join(into, ...item.path.split('/')));
    }
  }
  // mkdir's mode passes through the umask; set it exactly.
  for (const path of folders) await chmod(path, 0o755);
}

async function inflate(zip: ZipFile, item: Item, count: Transform, sink: Writable) {
  const stream = await openEntry(zip, item);
  try {
    await pipeline(stream, count, sink);
  } catch (error) {
    throw asRefusal(error, item);
  }
}

function discard(): Writable {
  return new Writable({ write: (_chunk, _encoding, done) => done() });
}

/** Counts the bytes really coming out (the central directory could lie) against the caps. */
function counter(item: Item, limits: UnpackLimits, totals: { bytes: number }): Transform {
  let written = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      written += chunk.length;
      totals.bytes += chunk.length;
      if (written > limits.entryBytes) {
        done(new Refused({ kind: 'entryTooLarge', name: item.path }));
      } else if (totals.bytes > limits.totalBytes) {
        done(new Refused({ kind: 'totalTooLarge' }));
      } else done(null, chunk);
    },
  });
}

async function openEntry(zip: ZipFile, item: Item): Promise<Readable> {
  try {
    return await zip.openReadStreamPromise(item.entry);
  } catch (error) {
    throw asRefusal(error, item);
  }
}

/** yauzl's complaints about an entry (sizes that do not match, a bad header) as a refusal. */
function asRefusal(error: unknown, item: Item): Refused {
  if (error instanceof Refused) return error;
  return new Refused({ kind: 'damaged', reason: `${item.path}: ${messageOf(error)}` });
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

const job = workerData as UnpackJob;
run(job).then(
  (outcome) => parentPort?.postMessage(outcome),
  (error: unknown) => {
    const refusal: UnpackRefusal =
      error instanceof Refused ? error.refusal : { kind: 'damaged', reason: messageOf(error) };
    const outcome: UnpackOutcome = { ok: false, refusal };
    parentPort?.postMessage(outcome);
  },
);
