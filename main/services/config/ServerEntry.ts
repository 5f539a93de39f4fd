import type { ServerOrigin } from '../../../shared/domain/serverOrigin';

/**
 * One server as written in the servers file (before validation, defaults and `${env:NAME}`
 * substitution). Import produces these, and `addServers` writes them verbatim.
 * Unknown keys are allowed: they are kept in the file and reported as warnings.
 */
export interface ServerEntry {
  type?: string;
  command?: string;
  args?: string[];
  env?: Record<string, string>;
  cwd?: string;
  url?: string;
  headers?: Record<string, string>;
  disabled?: boolean;
  timeouts?: { startupMs?: number; requestMs?: number };
  protocol?: string;
  /** `"launch"`: start with the host; `"firstUse"` (default once its list is remembered). */
  start?: string;
  /** Minutes unused before the server stops (overrides the setting); 0 = never. */
  idleMinutes?: number;
  /** Run confined by the OS sandbox (VS Code's key). */
  sandboxEnabled?: boolean;
  /** What a sandboxed server may reach beyond the defaults (VS Code's shape, plus allowRead). */
  sandbox?: {
    filesystem?: {
      allowWrite?: string[];
      denyRead?: string[];
      denyWrite?: string[];
      allowRead?: string[];
    };
    network?: { allowedDomains?: string[]; deniedDomains?: string[] };
  };
  oauth?: {
    clientId?: string;
    clientSecret?: string;
    scopes?: string[];
    clientMetadataUrl?: string;
    redirectPort?: number;
  };
  /** Where the entry came from (registry, bundle, import); absent: typed by the person. */
  origin?: ServerOrigin;
  [key: string]: unknown;
}

/** The key under which servers live, as in Claude Desktop's `claude_desktop_config.json`. */
export const SERVERS_KEY = 'mcpServers';

/** Keys Switchboard understands inside a server entry; anything else is an unknown key. */
export const KNOWN_SERVER_KEYS: ReadonlySet<string> = new Set([
  'type',
  'command',
  'args',
  'env',
  'cwd',
  'url',
  'headers',
  'disabled',
  'timeouts',
  'protocol',
  'oauth',
  'start',
  'idleMinutes',
  'origin',
  'sandboxEnabled',
  'sandbox',
]);

/** Keys that only mean something for one kind of transport. */
export const STDIO_ONLY_KEYS: readonly string[] = [
  'command',
  'args',
  'env',
  'cwd',
  'sandboxEnabled',
  'sandbox',
];
/** The sandbox's keys (stdio only: a remote server runs elsewhere). */
export const SANDBOX_KEYS: readonly string[] = ['sandboxEnabled', 'sandbox'];
export const HTTP_ONLY_KEYS: readonly string[] = ['url', 'headers', 'oauth'];

/** Keys understood inside `timeouts`. */
export const KNOWN_TIMEOUT_KEYS: ReadonlySet<string> = new Set(['startupMs', 'requestMs']);

/** Upper bound for any timeout, matching shared/domain/serverConfig.ts. */
export const MAX_TIMEOUT_MS = 3_600_000;
