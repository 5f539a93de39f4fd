import type { CspRefusal } from '../../../shared/domain/apps';

/** What a declared source is checked against: the host's own origins, ports and names. */
export interface SourceRules {
  /** Origins of the host itself (lower case), never allowed to an App. */
  hostOrigins: ReadonlySet<string>;
  /** Ports the host listens on (the web shell and its sandbox origin). */
  hostPorts: ReadonlySet<number>;
  /** Names that reach this computer besides the well-known ones (its own host name). */
  localNames: readonly string[];
}

// scheme://host[:port][/path]: a host source as CSP writes it, wildcard only as the first label.
const SOURCE =
  /^(https?|wss?):\/\/((?:\*\.)?[a-z0-9-]+(?:\.[a-z0-9-]+)*)(?::(\d{1,5}|\*))?(?:\/[\w\-./%~]*)?$/i;

/**
 * Names that resolve to this computer on common systems (`localhost` and `*.localhost` are
 * loopback in browsers whatever the resolver says; the others come from the usual hosts files).
 */
const LOOPBACK_NAMES = [
  'localhost',
  'localhost.localdomain',
  'localhost4',
  'localhost4.localdomain4',
  'localhost6',
  'localhost6.localdomain6',
  'ip6-localhost',
  'ip6-loopback',
];

/**
 * Why a declared CSP source must stay out of an App's policy, or undefined when it may go in.
 * Only plain http(s)/ws(s) origins pass; none may name this computer under any spelling (the
 * host listens here, and so may the person's own services) or a port the host listens on.
 */
export function cspSourceRefusal(raw: unknown, rules: SourceRules): CspRefusal | undefined {
  if (typeof raw !== 'string') return 'not-a-string';
  if (raw.length > 500) return 'too-long';
  const match = SOURCE.exec(raw);
  if (!match) return 'not-a-source';
  const host = (match[2] ?? '').toLowerCase();
  const port = match[3];
  const origin = raw.toLowerCase().replace(/(\/\/[^/]+)\/.*$/, '$1');
  if (rules.hostOrigins.has(origin)) return 'host-origin';
  const kind = hostKind(host, rules.localNames);
  if (kind === 'invalid') return 'not-a-source';
  if (kind === 'loopback') return 'loopback';
  if (port !== undefined && port !== '*' && rules.hostPorts.has(Number(port))) return 'host-port';
  return undefined;
}

/** The ports of the host's origins (an origin without one has none that matters here). */
export function portsOf(origins: readonly string[]): Set<number> {
  const ports = new Set<number>();
  for (const origin of origins) {
    try {
      const { port } = new URL(origin);
      if (port) ports.add(Number(port));
    } catch {
      // Not a URL: nothing to add.
    }
  }
  return ports;
}

/**
 * `loopback` when the host is, or as a wildcard could match, this computer; `invalid` for a
 * name a browser would not accept as a host. Numeric hosts are read as browsers read them
 * (WHATWG URL: `127.1`, `0x7f.1`, `2130706433`, `0177.0.0.1` are all 127.0.0.1).
 */
function hostKind(host: string, localNames: readonly string[]): 'loopback' | 'invalid' | 'other' {
  const wildcard = host.startsWith('*.');
  const name = wildcard ? host.slice(2) : host;
  const names = [...LOOPBACK_NAMES, ...localNames.map((n) => n.toLowerCase())];
  if (name.endsWith('.localhost') || names.includes(name)) return 'loopback';
  if (wildcard && names.some((n) => n.endsWith(`.${name}`))) return 'loopback';
  const last = name.slice(name.lastIndexOf('.') + 1);
  if (!/^(?:0x[0-9a-f]*|\d+)$/.test(last)) return 'other';
  // An address. A wildcard over address labels (`*.0.0.1`, `*.1`) may match 127.0.0.1.
  if (wildcard) return 'loopback';
  let parsed: string;
  try {
    parsed = new URL(`http://${name}/`).hostname;
  } catch {
    return 'invalid';
  }
  const first = Number(parsed.split('.')[0]);
  // 127.0.0.0/8 is loopback; 0.0.0.0/8 reaches this computer too on common systems.
  return first === 127 || first === 0 ? 'loopback' : 'other';
}
