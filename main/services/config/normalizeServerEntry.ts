import type { Node } from 'jsonc-parser';
import {
  DEFAULT_REQUEST_MS,
  DEFAULT_STARTUP_MS,
  httpServerConfigSchema,
  protocolPreferenceSchema,
  serverConfigSchema,
  type ServerConfig,
  type ServerTimeouts,
} from '../../../shared/domain/serverConfig';
import { formatJsonPath, type JsonPathSegment } from './formatJsonPath';
import { readOAuthConfig } from './readOAuthConfig';
import { readStartKeys } from './readStartKeys';
import { readOrigin } from './readOrigin';
import { referencePolicy } from '../secrets/referencePolicy';
import { readSandboxConfig } from './readSandboxConfig';
import {
  readBoolean,
  readEnum,
  readMilliseconds,
  readString,
  readStringArray,
  readStringRecord,
} from './readJsonValues';
import {
  HTTP_ONLY_KEYS,
  KNOWN_SERVER_KEYS,
  KNOWN_TIMEOUT_KEYS,
  MAX_TIMEOUT_MS,
  SANDBOX_KEYS,
  SERVERS_KEY,
  STDIO_ONLY_KEYS,
} from './ServerEntry';
import {
  errorCount,
  readProperties,
  report,
  schemaError,
  type PropertyNodes,
  type ValidationContext,
} from './ValidationContext';
import { hostText, type HostText } from '../../../shared/text/hostText';

type Transport = ServerConfig['transport'];
type Properties = Map<string, PropertyNodes>;

const MAX_NAME_LENGTH = 200;

/**
 * Validates one `mcpServers.<name>` entry and turns it into the normalized ServerConfig:
 * transport inferred, defaults applied, `${env:NAME}` checked (and substituted in `url` and
 * `oauth`; the rest keeps its references until the server starts). `origin` is read first: an
 * entry from a registry or a bundle may only use the references its install wired. Reports
 * every problem it finds (not just the first) and returns undefined if any of them is an error.
 */
export function normalizeServerEntry(
  ctx: ValidationContext,
  name: string,
  keyNode: Node,
  node: Node,
): ServerConfig | undefined {
  const path: JsonPathSegment[] = [SERVERS_KEY, name];
  const where = formatJsonPath(path);
  const before = errorCount(ctx);
  if (name.length === 0 || name.length > MAX_NAME_LENGTH) {
    schemaError(ctx, keyNode, path, nameLengthMessage(name));
  }
  if (node.type !== 'object') {
    return schemaError(ctx, node, path, hostText('config.serverNotObject', { path: where }));
  }
  const props = readProperties(ctx, node, path);
  for (const [key, property] of props) {
    if (KNOWN_SERVER_KEYS.has(key)) continue;
    report(
      ctx,
      property.key,
      'warning',
      'unknown-key',
      [...path, key],
      hostText('config.unknownServerKey', { key, name }),
    );
  }

  const origin = optional(props, 'origin', (n) => readOrigin(ctx, n, [...path, 'origin']));
  ctx.references = referencePolicy(origin);
  try {
    return readEntry(ctx, { name, keyNode, props, path, before, origin });
  } finally {
    ctx.references = undefined;
  }
}

interface EntryNodes {
  name: string;
  keyNode: Node;
  props: Properties;
  path: JsonPathSegment[];
  /** Errors before this entry was read. */
  before: number;
  origin: ServerConfig['origin'];
}

function readEntry(ctx: ValidationContext, entry: EntryNodes): ServerConfig | undefined {
  const { name, keyNode, props, path, before, origin } = entry;
  const where = formatJsonPath(path);
  const keep = { keepReferences: true };
  const transport = resolveTransport(ctx, name, keyNode, props, path);
  const common = {
    name,
    disabled:
      optional(props, 'disabled', (n) => readBoolean(ctx, n, [...path, 'disabled'])) ?? false,
    timeouts: readTimeouts(ctx, props, path),
    protocol:
      optional(props, 'protocol', (n) =>
        readEnum(ctx, n, [...path, 'protocol'], protocolPreferenceSchema.options),
      ) ?? 'auto',
    ...readStartKeys(ctx, props, path),
    ...(origin ? { origin } : {}),
  };
  let config: unknown;
  if (transport === 'stdio') {
    const stdio = hostText('config.stdioServer');
    ignoreKeys(ctx, props, path, HTTP_ONLY_KEYS, (key) =>
      hostText('config.noEffect', { key, what: stdio }),
    );
    const command = required(ctx, props, 'command', keyNode, path, (n) =>
      readString(ctx, n, [...path, 'command'], { nonEmpty: true, ...keep }),
    );
    const args = optional(props, 'args', (n) => readStringArray(ctx, n, [...path, 'args'], keep));
    const env = optional(props, 'env', (n) => readStringRecord(ctx, n, [...path, 'env'], keep));
    const cwd = optional(props, 'cwd', (n) => readString(ctx, n, [...path, 'cwd'], keep));
    const cwdPart = cwd === undefined ? {} : { cwd };
    const sandboxEnabled = optional(props, 'sandboxEnabled', (n) =>
      readBoolean(ctx, n, [...path, 'sandboxEnabled']),
    );
    const sandbox = optional(props, 'sandbox', (n) =>
      readSandboxConfig(ctx, n, [...path, 'sandbox']),
    );
    config = {
      ...common,
      transport,
      command,
      args: args ?? [],
      env: env ?? {},
      ...cwdPart,
      ...(sandboxEnabled === undefined ? {} : { sandboxEnabled }),
      ...(sandbox === undefined ? {} : { sandbox }),
    };
  } else if (transport !== undefined) {
    const remote = hostText('config.remoteServer', { transport });
    ignoreKeys(
      ctx,
      props,
      path,
      STDIO_ONLY_KEYS.filter((key) => !SANDBOX_KEYS.includes(key)),
      (key) => hostText('config.noEffect', { key, what: remote }),
    );
    ignoreKeys(ctx, props, path, SANDBOX_KEYS, (key) =>
      hostText('sandbox.config.remoteServer', { key }),
    );
    const urlNode = props.get('url')?.value;
    const url = required(ctx, props, 'url', keyNode, path, (n) =>
      readUrl(ctx, n, [...path, 'url']),
    );
    // What views and logs show when the address itself came from the environment.
    const urlTemplate =
      urlNode?.type === 'string' && String(urlNode.value).includes('${env:')
        ? { urlTemplate: String(urlNode.value) }
        : {};
    const headers = optional(props, 'headers', (n) =>
      readStringRecord(ctx, n, [...path, 'headers'], keep),
    );
    const oauth = optional(props, 'oauth', (n) => readOAuthConfig(ctx, n, [...path, 'oauth']));
    const oauthPart = oauth === undefined ? {} : { oauth };
    config = { ...common, transport, url, ...urlTemplate, headers: headers ?? {}, ...oauthPart };
  }
  if (transport === undefined || errorCount(ctx) > before) return undefined;

  // The walk above mirrors the shared schema; parsing again guarantees downstream code only
  // ever sees what the schema promises, even if the two drift apart.
  const parsed = serverConfigSchema.safeParse(config);
  if (!parsed.success) {
    const reasons = parsed.error.issues.map((issue) => issue.message).join('; ');
    return schemaError(ctx, keyNode, path, hostText('config.notValid', { path: where, reasons }));
  }
  return parsed.data;
}

function resolveTransport(
  ctx: ValidationContext,
  name: string,
  keyNode: Node,
  props: Properties,
  path: readonly JsonPathSegment[],
): Transport | undefined {
  const type = props.get('type');
  if (type) return readEnum(ctx, type.value, [...path, 'type'], ['stdio', 'http', 'sse']);
  const hasCommand = props.has('command');
  const hasUrl = props.has('url');
  if (hasCommand && !hasUrl) return 'stdio';
  if (hasUrl && !hasCommand) return 'http';
  const message = hasCommand
    ? hostText('config.commandAndUrl', { name })
    : hostText('config.commandOrUrl', { name });
  return schemaError(ctx, keyNode, path, message);
}

function readTimeouts(
  ctx: ValidationContext,
  props: Properties,
  path: readonly JsonPathSegment[],
): ServerTimeouts {
  const defaults = { startupMs: DEFAULT_STARTUP_MS, requestMs: DEFAULT_REQUEST_MS };
  const property = props.get('timeouts');
  if (!property) return defaults;
  const timeoutsPath = [...path, 'timeouts'];
  if (property.value.type !== 'object') {
    schemaError(
      ctx,
      property.value,
      timeoutsPath,
      hostText('config.timeoutsNotObject', { path: formatJsonPath(timeoutsPath) }),
    );
    return defaults;
  }
  const inner = readProperties(ctx, property.value, timeoutsPath);
  for (const [key, nodes] of inner) {
    if (KNOWN_TIMEOUT_KEYS.has(key)) continue;
    report(
      ctx,
      nodes.key,
      'warning',
      'unknown-key',
      [...timeoutsPath, key],
      hostText('config.unknownTimeoutKey', { key, path: formatJsonPath(timeoutsPath) }),
    );
  }
  const read = (key: keyof ServerTimeouts): number =>
    optional(inner, key, (n) => readMilliseconds(ctx, n, [...timeoutsPath, key], MAX_TIMEOUT_MS)) ??
    defaults[key];
  return { startupMs: read('startupMs'), requestMs: read('requestMs') };
}

function readUrl(
  ctx: ValidationContext,
  node: Node,
  path: readonly JsonPathSegment[],
): string | undefined {
  const value = readString(ctx, node, path, { nonEmpty: true });
  if (value === undefined) return undefined;
  if (httpServerConfigSchema.shape.url.safeParse(value).success) return value;
  // Quote what was written, not the substituted value, which may carry a secret from the env.
  return schemaError(
    ctx,
    node,
    path,
    hostText('config.notUrl', {
      path: formatJsonPath(path),
      value: JSON.stringify(String(node.value)),
    }),
  );
}

/** Keys that belong to the other transport are kept but would do nothing; say so. */
function ignoreKeys(
  ctx: ValidationContext,
  props: Properties,
  path: readonly JsonPathSegment[],
  keys: readonly string[],
  warning: (key: string) => HostText,
): void {
  for (const key of keys) {
    const property = props.get(key);
    if (!property) continue;
    report(ctx, property.key, 'warning', 'schema', [...path, key], warning(key));
  }
}

function optional<T>(
  props: Properties,
  key: string,
  read: (node: Node) => T | undefined,
): T | undefined {
  const property = props.get(key);
  return property ? read(property.value) : undefined;
}

function required<T>(
  ctx: ValidationContext,
  props: Properties,
  key: string,
  keyNode: Node,
  path: readonly JsonPathSegment[],
  read: (node: Node) => T | undefined,
): T | undefined {
  const property = props.get(key);
  if (property) return read(property.value);
  return schemaError(
    ctx,
    keyNode,
    path,
    hostText('config.missing', { path: formatJsonPath(path), key }),
  );
}

function nameLengthMessage(name: string): HostText {
  return name.length === 0
    ? hostText('config.emptyName')
    : hostText('config.longName', { name: name.slice(0, 40), max: MAX_NAME_LENGTH });
}
