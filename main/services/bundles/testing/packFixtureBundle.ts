import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { packExtension, signMcpbFile } from '@anthropic-ai/mcpb';

const run = promisify(execFile);

/** The test bundle's source folder (manifest.json + a plain Node MCP server). */
export const HELLO_NOTES = fileURLToPath(
  new URL('../../../../e2e/fixtures/bundles/hello-notes', import.meta.url),
);

/**
 * Packs the fixture bundle with the format's own packer into `dir/name.mcpb`; `manifest`
 * changes fields of manifest.json first (another manifest version, platforms, …).
 */
export async function packFixtureBundle(
  dir: string,
  name: string,
  manifest: Record<string, unknown> = {},
): Promise<string> {
  const source = await mkdtemp(join(tmpdir(), 'sb-bundle-src-'));
  await cp(HELLO_NOTES, source, { recursive: true });
  const file = join(source, 'manifest.json');
  const original = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
  await writeFile(file, JSON.stringify({ ...original, ...manifest }, null, 2));
  const output = join(dir, `${name}.mcpb`);
  if (!(await packExtension({ extensionPath: source, outputPath: output, silent: true }))) {
    throw new Error('packing the fixture bundle failed');
  }
  return output;
}

/**
 * Signs a bundle with the library's signer and a self-signed code-signing certificate made
 * for the occasion (openssl). No machine trusts it, which is what the test needs to see.
 */
export async function signWithSelfSignedCertificate(bundle: string, dir: string): Promise<void> {
  const cert = join(dir, 'cert.pem');
  const key = join(dir, 'key.pem');
  await run('openssl', [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '2',
    '-subj',
    '/CN=Switchboard Test Publisher',
    '-addext',
    'extendedKeyUsage=codeSigning',
    '-keyout',
    key,
    '-out',
    cert,
  ]);
  signMcpbFile(bundle, cert, key);
}
