import type { AppCsp, CspRefusal, RefusedSource } from '../../../shared/domain/apps';
import { cspSourceRefusal, portsOf, type SourceRules } from './cspSourceRefusal';

/** A declared source the policy leaves out, and why (`reason` in words, for the server's log). */
export interface IgnoredSource {
  source: string;
  directive: RefusedSource['directive'];
  refusal: CspRefusal;
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
  /** Names of this computer besides `localhost` and its kin (its host name). */
  localNames?: readonly string[];
}

/** The log's words for each refusal. */
const REASONS: Record<CspRefusal, string> = {
  loopback: 'names this computer (loopback), or could match it',
  'host-port': 'names a port the host listens on',
  'host-origin': "the host's own origin",
  'not-a-source': 'not an origin (http(s)/ws(s)://host[:port])',
  'too-long': 'longer than 500 characters',
  'not-a-string': 'not a string',
};

/**
 * The CSP of an App, built from the domains it declared and nothing else: with no declaration
 * the App may load nothing from the network and connect nowhere (the extension's restrictive
 * default). Inside that, the extension's own policy: inline script and style (Apps ship as one
 * HTML file), `eval` (three.js and other libraries compile code), scripts and workers from `blob:` and
 * `data:` (pdf.js starts its worker so, or imports it when a worker cannot start): with inline
 * script and eval allowed, these add nothing an App could not do already. This is safe because every frame runs on an origin of
 * its own (see appOrigin); `'self'` is that origin, which serves only the proxy page. Declared entries that are not plain origins
 * (keywords, bare schemes, `*`, anything with quotes or separators), that name this computer
 * (loopback in any spelling or as a wildcard that could match it) or a port of the host, or
 * the host's own origins are left out and reported.
 */
export function buildAppCsp(declared: AppCsp, options: AppCspOptions): AppCspResult {
  const ignored: IgnoredSource[] = [];
  const rules: SourceRules = {
    hostOrigins: new Set(options.hostOrigins.map((o) => o.toLowerCase())),
    hostPorts: portsOf(options.hostOrigins),
    localNames: options.localNames ?? [],
  };
  const clean = (directive: RefusedSource['directive']): string[] => {
    const out: string[] = [];
    // Checked as unknown: the declaration is the server's, whatever its schema says.
    for (const raw of (declared[directive] ?? []) as readonly unknown[]) {
      const refusal = cspSourceRefusal(raw, rules);
      if (refusal) {
        const source =
          typeof raw === 'string'
            ? raw
            : ((JSON.stringify(raw) as string | undefined) ?? typeof raw);
        ignored.push({ source, directive, refusal, reason: REASONS[refusal] });
      } else if (typeof raw === 'string' && !out.includes(raw)) out.push(raw);
    }
    return out;
  };
  const connect = clean('connectDomains');
  const resources = clean('resourceDomains');
  const frames = clean('frameDomains');
  const baseUris = clean('baseUriDomains');
  const res = resources.join(' ');
  const join = (...parts: string[]): string => parts.filter(Boolean).join(' ');
  const directives = [
    "default-src 'none'",
    join("script-src 'self' 'unsafe-inline' 'unsafe-eval' data: blob:", res),
    join("style-src 'self' 'unsafe-inline'", res),
    join("img-src 'self' data: blob:", res),
    join("font-src 'self' data:", res),
    join("media-src 'self' data: blob:", res),
    join('worker-src blob: data:', res),
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
