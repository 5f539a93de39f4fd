import { createHmac } from 'node:crypto';

/** An App's origin label: 32 lower-case hex digits (see `AppFrameRecord.originLabel`). */
const LABEL = /^[0-9a-f]{32}$/;

/**
 * The origin label of an App: the server and its UI resource, keyed by a secret drawn at
 * launch (HMAC-SHA256, 128 bits kept). Every showing of one App is on one origin, so a chat of
 * twenty counters costs one browser process, not twenty; two Apps (another resource, or the
 * same resource of another server) never share one. The secret keeps labels unguessable from
 * outside and new on every launch, so nothing an App origin kept outlives the run by name.
 */
export function appOriginLabel(secret: Buffer, server: string, resourceUri: string): string {
  return createHmac('sha256', secret)
    .update(JSON.stringify([server, resourceUri]))
    .digest('hex')
    .slice(0, 32);
}

/** Whether a host label is the shape of a frame's origin label. */
export function isOriginLabel(label: string): boolean {
  return LABEL.test(label);
}

/**
 * The origin label in a web shell request's Host header, when it names a per-App host of the
 * sandbox port (`<label>.localhost:<port>`); undefined for anything else, the bare loopback
 * names included (they are not App origins and serve nothing). Browsers resolve `*.localhost`
 * to loopback themselves and treat each name as an origin of its own; a rebound public name
 * never matches.
 */
export function originLabelOfHost(host: string | undefined, port: number): string | undefined {
  if (!host) return undefined;
  const suffix = `.localhost:${String(port)}`;
  if (!host.endsWith(suffix)) return undefined;
  const label = host.slice(0, -suffix.length);
  return isOriginLabel(label) ? label : undefined;
}

/** A frame's sandbox origin in the web shell: its own host on the sandbox port. */
export function webAppOrigin(label: string, port: number): string {
  return `http://${label}.localhost:${String(port)}`;
}

/**
 * What the web shell's page may frame: any per-App host of the sandbox port (CSP host
 * wildcard), never the shell's own port.
 */
export function webAppFrameSource(port: number): string {
  return `http://*.localhost:${String(port)}`;
}
