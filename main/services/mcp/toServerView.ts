import type { ServerView } from '../../../shared/domain/mcpViews';
import type { ServerConfig } from '../../../shared/domain/serverConfig';
import type { ServerStatus } from '../../../shared/domain/serverStatus';

/** The renderer's view of a server: no env values, header values or URL query strings. */
export function toServerView(config: ServerConfig, status: ServerStatus): ServerView {
  return {
    name: config.name,
    transport: config.transport,
    target: describeTarget(config),
    disabled: config.disabled,
    protocol: config.protocol,
    status,
    ...(config.transport === 'stdio' && config.sandboxEnabled ? { sandboxed: true } : {}),
  };
}

/**
 * The command line, or the URL without its query, as written: references show as references
 * (`${env:NAME}`), never as the values they bring in.
 */
export function describeTarget(config: ServerConfig): string {
  if (config.transport === 'stdio') return [config.command, ...config.args].join(' ');
  // Written with references: shown as written, without its query.
  if (config.urlTemplate !== undefined) return config.urlTemplate.replace(/[?#].*$/s, '');
  try {
    const url = new URL(config.url);
    return `${url.origin}${url.pathname}`;
  } catch {
    return config.url;
  }
}
