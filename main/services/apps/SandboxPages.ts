import { readFile } from 'node:fs/promises';
import type { AppPermission } from '../../../shared/domain/apps';
import { contentTypeOf } from '../../platform/contentTypeOf';
import { resolveInside } from '../../platform/resolveInside';

/** A response of the sandbox origin, whatever serves it (web shell, Electron scheme). */
export interface SandboxResponse {
  status: number;
  headers: Record<string, string>;
  body: string | Buffer;
}

/** What a frame's sandbox page needs from main. */
export interface SandboxFrame {
  /** The host label of the origin the frame's page is served on. */
  originLabel: string;
  cspHeader: string;
  granted: readonly AppPermission[];
}

export interface SandboxPagesOptions {
  /** The built renderer: its `sandbox.html` and the script it loads. */
  rendererDir: string;
  /** The open frame with this id. */
  frame: (frameId: string) => SandboxFrame | undefined;
  /** Whether an open frame is on the origin with this host label. */
  hasOrigin: (originLabel: string) => boolean;
  /** Whether a frame of this run was ever on the origin with this host label. */
  knowsOrigin: (originLabel: string) => boolean;
  /** The host pages that may talk to the proxy (checked by the proxy on every message). */
  parentOrigins: () => readonly string[];
}

/** The page of every frame; the frame id after it is the page's capability. */
export const SANDBOX_FRAME_PATH = '/frame/';

/**
 * An empty page on an App's origin that keeps the origin's browser process alive between
 * showings (see the renderer's `holdAppOrigin`): no script, nothing to load, nothing kept.
 */
export const SANDBOX_WARM_PATH = '/warm';

const FEATURES: Record<AppPermission, string> = {
  camera: 'camera',
  microphone: 'microphone',
  geolocation: 'geolocation',
  clipboardWrite: 'clipboard-write',
};

/** The `allow` attribute of the App's frame: only what the person allowed. */
export function allowAttribute(granted: readonly AppPermission[]): string {
  return granted.map((p) => `${FEATURES[p]} *`).join('; ');
}

/**
 * The content of an App's origin: its frames' proxy pages (each with its frame's CSP and
 * permissions policy as headers, which the App inherits and cannot change) and the proxy's own
 * script.
 * An origin of no open frame serves nothing; a frame's page is served only on its App's origin
 * (the label names the origin, the frame id in the path is the capability). Nothing here
 * depends on the shell.
 */
export class SandboxPages {
  private template: Promise<{ html: string; assets: Set<string> }> | undefined;

  constructor(private readonly options: SandboxPagesOptions) {}

  async respond(originLabel: string, pathname: string): Promise<SandboxResponse> {
    if (pathname === SANDBOX_WARM_PATH) {
      return this.options.knowsOrigin(originLabel) ? this.warmPage() : notFound();
    }
    if (!this.options.hasOrigin(originLabel)) return notFound();
    const { html, assets } = await this.loadTemplate().catch(() => ({
      html: '',
      assets: new Set<string>(),
    }));
    if (pathname.startsWith(SANDBOX_FRAME_PATH)) {
      const frame = this.options.frame(pathname.slice(SANDBOX_FRAME_PATH.length));
      if (frame?.originLabel !== originLabel || !html) return notFound();
      const config = JSON.stringify({
        parentOrigins: this.options.parentOrigins(),
        allow: allowAttribute(frame.granted),
      });
      const meta = `<meta name="sandbox-config" content="${escapeAttribute(config)}">`;
      return {
        status: 200,
        headers: {
          'Content-Type': 'text/html; charset=utf-8',
          'Content-Security-Policy': frame.cspHeader,
          'Permissions-Policy': permissionsPolicy(frame.granted),
          'Referrer-Policy': 'no-referrer',
          'X-Content-Type-Options': 'nosniff',
          'Cache-Control': 'no-store',
        },
        body: html.replace('</head>', `${meta}</head>`),
      };
    }
    if (!assets.has(pathname)) return notFound();
    const file = resolveInside(this.options.rendererDir, pathname);
    if (!file) return notFound();
    try {
      return {
        status: 200,
        headers: {
          'Content-Type': contentTypeOf(file),
          'X-Content-Type-Options': 'nosniff',
          'Cache-Control': 'no-cache',
        },
        body: await readFile(file),
      };
    } catch {
      return notFound();
    }
  }

  private warmPage(): SandboxResponse {
    const ancestors = this.options.parentOrigins();
    return {
      status: 200,
      headers: {
        'Content-Type': 'text/html; charset=utf-8',
        'Content-Security-Policy': `default-src 'none'; frame-ancestors ${
          ancestors.length > 0 ? ancestors.join(' ') : "'none'"
        }`,
        'Referrer-Policy': 'no-referrer',
        'X-Content-Type-Options': 'nosniff',
        'Cache-Control': 'no-store',
      },
      body: '<!doctype html><meta charset="utf-8"><title></title>',
    };
  }

  private loadTemplate(): Promise<{ html: string; assets: Set<string> }> {
    this.template ??= readFile(
      resolveInside(this.options.rendererDir, '/sandbox.html') ?? '',
      'utf8',
    ).then((built) => {
      // Frame pages live under /frame/: the build's relative asset paths are made absolute.
      const html = built.replace(/\b(src|href)="\.\//g, '$1="/');
      return { html, assets: assetsOf(html) };
    });
    // A missing build is retried on the next request rather than remembered.
    void this.template.catch(() => (this.template = undefined));
    return this.template;
  }
}

/** The scripts and styles the built proxy page loads, as absolute paths. */
function assetsOf(html: string): Set<string> {
  const paths = new Set<string>();
  for (const match of html.matchAll(/\b(?:src|href)="([^"]+)"/g)) {
    const ref = match[1] ?? '';
    if (/^[a-z]+:/i.test(ref)) continue;
    paths.add(`/${ref.replace(/^(\.\/|\/)+/, '')}`);
  }
  return paths;
}

function permissionsPolicy(granted: readonly AppPermission[]): string {
  return (Object.keys(FEATURES) as AppPermission[])
    .map((p) => `${FEATURES[p]}=${granted.includes(p) ? '*' : '()'}`)
    .join(', ');
}

function escapeAttribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

function notFound(): SandboxResponse {
  return {
    status: 404,
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
    body: 'Not found.\n',
  };
}
