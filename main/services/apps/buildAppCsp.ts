import type { AppCsp } from '../../../shared/domain/apps';

/** A declared source the policy leaves out, and why. */
export interface IgnoredSource {
  source: string;
  reason: string;
}

export interface AppCspResult {
  /** The `Content-Security-Policy` header of the App's sandbox page. */
  header: string;
  /** The declared domains that made it into the policy, per directive. */
  applied: AppCsp;
  ignored: IgnoredSource[];
}

export interface AppCspOptions {
  /** Origins that may embed the sandbox page (`frame-ancestors`): the host's own pages. */
  frameAncestors: readonly string[];
  /** Origins an App must never reach even if declared: the host's own shell and sandbox. */
  hostOrigins: readonly string[];
}

// scheme://host[:port][/path]: a host source as CSP writes it, wildcard only as the first label.
const SOURCE =
  /^(https?|wss?):\/\/(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:(\d{1,5}|\*))?(\/[\w\-./%~]*)?$/i;

/**
 * The CSP of an App, built from the domains it declared and nothing else: with no declaration
 * the App may load nothing from the network and connect nowhere (the extension's restrictive
 * default). Inline script and style stay allowed (Apps ship as one HTML file); `'self'` is the
 * sandbox origin, which serves only the proxy page. Declared entries that are not plain origins
 * (keywords, bare schemes, `*`, anything with quotes or separators) are ignored and reported,
 * as are the host's own origins.
 */
export function buildAppCsp(declared: AppCsp, options: AppCspOptions): AppCspResult {
  const ignored: IgnoredSource[] = [];
  const host = new Set(options.hostOrigins.map((o) => o.toLowerCase()));
  const clean = (list: readonly string[] | undefined): string[] => {
    const out: string[] = [];
    for (const raw of list ?? []) {
      const reason = rejection(raw, host);
      if (reason) ignored.push({ source: raw, reason });
      else if (!out.includes(raw)) out.push(raw);
    }
    return out;
  };
  const connect = clean(declared.connectDomains);
  const resources = clean(declared.resourceDomains);
  const frames = clean(declared.frameDomains);
  const baseUris = clean(declared.baseUriDomains);
  const res = resources.join(' ');
  const join = (...parts: string[]): string => parts.filter(Boolean).join(' ');
  const directives = [
    "default-src 'none'",
    join("script-src 'self' 'unsafe-inline'", res),
    join("style-src 'self' 'unsafe-inline'", res),
    join("img-src 'self' data: blob:", res),
    join("font-src 'self' data:", res),
    join("media-src 'self' data: blob:", res),
    join('worker-src blob:', res),
    connect.length > 0 ? `connect-src ${connect.join(' ')}` : "connect-src 'none'",
    frames.length > 0 ? `frame-src ${frames.join(' ')}` : "frame-src 'none'",
    baseUris.length > 0 ? `base-uri ${baseUris.join(' ')}` : "base-uri 'self'",
    "form-action 'none'",
    "object-src 'none'",
    options.frameAncestors.length > 0
      ? `frame-ancestors ${options.frameAncestors.join(' ')}`
      : "frame-ancestors 'none'",
  ];
  const applied: AppCsp = {
    ...(connect.length > 0 ? { connectDomains: connect } : {}),
    ...(resources.length > 0 ? { resourceDomains: resources } : {}),
    ...(frames.length > 0 ? { frameDomains: frames } : {}),
    ...(baseUris.length > 0 ? { baseUriDomains: baseUris } : {}),
  };
  return { header: directives.join('; '), applied, ignored };
}

function rejection(raw: unknown, host: ReadonlySet<string>): string | undefined {
  if (typeof raw !== 'string') return 'not a string';
  if (raw.length > 500) return 'longer than 500 characters';
  if (!SOURCE.test(raw)) return 'not an origin (scheme://host[:port])';
  const origin = raw.toLowerCase().replace(/(\/\/[^/]+)\/.*$/, '$1');
  if (host.has(origin)) return "the host's own origin";
  if (/^\w+:\/\/(127\.0\.0\.1|localhost):\*$/.test(origin)) {
    return 'any port on this computer (the host runs there)';
  }
  return undefined;
}
