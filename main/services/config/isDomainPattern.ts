const label = '[A-Za-z0-9_](?:[A-Za-z0-9_-]*[A-Za-z0-9_])?';
const host = new RegExp(`^(?:\\*\\.)?${label}(?:\\.${label})*\\.?$`);
const ipv6 = /^\[[0-9A-Fa-f:.]+\]$/;

/**
 * Whether `value` is an entry the sandbox's proxy understands in `allowedDomains` or
 * `deniedDomains`: a host (`example.com`), a wildcard over its subdomains (`*.example.com`), an
 * IPv4 or bracketed IPv6 literal, each with an optional `:port`; `*` (every host) only where
 * `star` is allowed. The runtime checks again when the server starts; this gives the person a
 * line and column first.
 */
export function isDomainPattern(value: string, { star = false } = {}): boolean {
  if (value.length === 0 || value.length > 300) return false;
  const { name, port } = splitPort(value);
  if (port !== undefined && !(Number(port) >= 1 && Number(port) <= 65_535)) return false;
  if (name === '*') return star;
  return ipv6.test(name) || host.test(name);
}

function splitPort(value: string): { name: string; port?: string } {
  const bracket = value.lastIndexOf(']');
  const colon = value.lastIndexOf(':');
  if (value.startsWith('[')) {
    if (colon > bracket) return { name: value.slice(0, colon), port: value.slice(colon + 1) };
    return { name: value };
  }
  if (colon === -1) return { name: value };
  // An unbracketed IPv6 address is ambiguous with a port: refused, as the runtime does.
  if (value.indexOf(':') !== colon) return { name: '::' };
  const port = value.slice(colon + 1);
  return /^\d{1,5}$/.test(port) ? { name: value.slice(0, colon), port } : { name: '::' };
}
