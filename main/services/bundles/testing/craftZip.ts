import { crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';

/** One entry of a crafted archive. */
export interface CraftedEntry {
  name: string;
  /** The bytes; ignored when `packed` is given. */
  data?: Buffer | string;
  /** Already deflated bytes with what they inflate to (a bomb made without holding it). */
  packed?: { bytes: Buffer; size: number; crc: number };
  /** Unix mode, type bits included (0o100644 a file, 0o120777 a link, 0o040755 a folder). */
  mode?: number;
  /** Stored as is rather than deflated. */
  store?: boolean;
  /** The size the headers declare, when it should lie. */
  declaredSize?: number;
  /** Sizes and CRC after the data, in a data descriptor (as streaming zip tools write). */
  descriptor?: boolean;
}

/**
 * Writes a zip archive entry by entry, as a hostile or unusual tool would: any name, mode,
 * declared size or layout. Tests use it for archives a normal packer refuses to make.
 */
export function craftZip(entries: readonly CraftedEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const raw = typeof entry.data === 'string' ? Buffer.from(entry.data) : (entry.data ?? null);
    const size = entry.packed?.size ?? raw?.length ?? 0;
    const crc = entry.packed?.crc ?? crc32(raw ?? Buffer.alloc(0));
    const stored = entry.store === true && !entry.packed;
    const body = entry.packed?.bytes ?? (stored ? raw : deflateRawSync(raw ?? Buffer.alloc(0)));
    const data = body ?? Buffer.alloc(0);
    const declared = entry.declaredSize ?? size;
    const flags = 0x0800 | (entry.descriptor ? 0x0008 : 0);
    const method = stored ? 0 : 8;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(0x21, 10); // 1980-01-01
    local.writeUInt32LE(entry.descriptor ? 0 : crc, 14);
    local.writeUInt32LE(entry.descriptor ? 0 : data.length, 18);
    local.writeUInt32LE(entry.descriptor ? 0 : declared, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const parts = [local, name, data];
    if (entry.descriptor) {
      const descriptor = Buffer.alloc(16);
      descriptor.writeUInt32LE(0x08074b50, 0);
      descriptor.writeUInt32LE(crc, 4);
      descriptor.writeUInt32LE(data.length, 8);
      descriptor.writeUInt32LE(declared, 12);
      parts.push(descriptor);
    }
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE((3 << 8) | 20, 4); // made on Unix: the mode below is read
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(flags, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(0x21, 12);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(declared, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(((entry.mode ?? 0o100644) << 16) >>> 0, 38);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    const record = Buffer.concat(parts);
    locals.push(record);
    offset += record.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** `size` zero bytes, deflated a MiB at a time (never held whole): about 1/1000 of that. */
export async function zeroBomb(
  size: number,
): Promise<{ bytes: Buffer; size: number; crc: number }> {
  const chunk = Buffer.alloc(1024 * 1024);
  const deflate = createDeflateRaw({ level: 1 });
  const out: Buffer[] = [];
  deflate.on('data', (data: Buffer) => out.push(data));
  const done = new Promise((resolve, reject) => {
    deflate.on('end', resolve);
    deflate.on('error', reject);
  });
  let crc = 0;
  for (let left = size; left > 0; left -= chunk.length) {
    const part = chunk.subarray(0, Math.min(left, chunk.length));
    crc = crc32(part, crc);
    if (!deflate.write(part)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await done;
  return { bytes: Buffer.concat(out), size, crc };
}
