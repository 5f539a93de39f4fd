import {
  AppBridge,
  type McpUiDisplayMode,
  type McpUiHostCapabilities,
  type McpUiHostContext,
} from '@modelcontextprotocol/ext-apps/app-bridge';
import { z } from 'zod';
import type { AppFrame, AppReport } from '../../../shared/domain/apps';
import type { BridgeTraffic } from './BridgeTraffic';
import { FrameTransport, type RefusedCounts } from './FrameTransport';

type CallToolHandler = NonNullable<AppBridge['oncalltool']>;
type ReadResourceHandler = NonNullable<AppBridge['onreadresource']>;
type DownloadHandler = NonNullable<AppBridge['ondownloadfile']>;
type LogParams = Parameters<NonNullable<AppBridge['onloggingmessage']>>[0];
/** A tool result as the bridge sends it to the App. */
export type AppToolResult = Awaited<ReturnType<CallToolHandler>>;
/** What an App asks to download (embedded resources or links). */
export type DownloadContents = Parameters<DownloadHandler>[0]['contents'];

/** What the frame host does for the bridge; every App request ends up in one of these. */
export interface AppBridgeHost {
  html(): Promise<string>;
  /** `signal`: the App cancelled the request, or the connection closed. */
  callTool(
    name: string,
    args: Record<string, unknown>,
    signal: AbortSignal,
  ): Promise<Record<string, unknown>>;
  readResource(uri: string): Promise<Record<string, unknown>[]>;
  /**
   * Shows the message to the person; resolves once they sent it (true) or discarded it, or
   * (false) once `signal` aborts: the App cancelled the request, or its frame closed.
   */
  message(text: string, signal: AbortSignal): Promise<boolean>;
  openLink(url: string, signal: AbortSignal): Promise<boolean>;
  /** Asks the person and saves; resolves true when the files were handed to the browser. */
  download(contents: DownloadContents, signal: AbortSignal): Promise<boolean>;
  updateContext(
    content: Record<string, unknown>[] | undefined,
    structured: Record<string, unknown> | undefined,
  ): Promise<void>;
  log(level: LogParams['level'], logger: string | undefined, data: unknown): void;
  report(report: AppReport): void;
  sandboxReady(): void;
  initialized(): void;
  sizeChanged(height: number | undefined): void;
  /** The App asks for a display mode; returns the mode now in effect. */
  displayMode(
    mode: McpUiDisplayMode,
    appModes: readonly McpUiDisplayMode[] | undefined,
  ): McpUiDisplayMode;
  teardownRequested(): void;
  /** Messages of the App were refused (too large, too many, malformed): running totals. */
  refused(counts: RefusedCounts): void;
}

/** The proxy's report of a CSP violation or script error inside the App (see sandboxProxy). */
const SANDBOX_REPORT = 'x-switchboard/sandbox-report';
const reportParams = z.union([
  z.object({ kind: z.literal('csp-violation'), directive: z.string(), blockedUri: z.string() }),
  z.object({ kind: z.literal('app-error'), message: z.string() }),
  z.object({ kind: z.literal('console-error'), message: z.string() }),
  z.object({ kind: z.literal('load-failed'), url: z.string(), element: z.string() }),
  z.object({ kind: z.literal('navigated') }),
  // Messages over the App's rate the proxy dropped before relaying (see proxyRateGate).
  z.object({ kind: z.literal('refused'), rate: z.number().int().nonnegative() }),
]);

/** What the host declares to the App: honest to what this frame supports. */
export function hostCapabilities(frame: AppFrame, inConversation: boolean): McpUiHostCapabilities {
  const permissions = Object.fromEntries(frame.permissions.granted.map((p) => [p, {}]));
  return {
    openLinks: {},
    downloadFile: {},
    serverTools: {},
    serverResources: {},
    logging: {},
    ...(inConversation
      ? { message: { text: {} }, updateModelContext: { text: {}, structuredContent: {} } }
      : {}),
    sandbox: { permissions, csp: frame.csp },
  };
}

/**
 * One App's host bridge: the extension's own {@link AppBridge} over a {@link FrameTransport} to
 * the sandbox proxy frame (`target` gives its window, looked up when first needed), with each
 * App request handed to the frame host. Requests the host does not offer (sampling, prompt and
 * resource lists, anything unknown) get the bridge's JSON-RPC "method not found".
 */
export async function connectAppBridge(
  target: () => Window | null,
  frame: AppFrame,
  options: {
    hostInfo: { name: string; version: string };
    hostContext: McpUiHostContext;
    inConversation: boolean;
    host: AppBridgeHost;
    /** Where the frame's messages are noted for its diagnostics. */
    traffic?: BridgeTraffic;
  },
): Promise<AppBridge> {
  const { host } = options;
  const bridge = new AppBridge(
    null,
    options.hostInfo,
    hostCapabilities(frame, options.inConversation),
    { hostContext: options.hostContext },
  );
  bridge.addEventListener('sandboxready', () => {
    host.sandboxReady();
    void host.html().then(
      (html) => bridge.sendSandboxResourceReady({ html }).catch(() => undefined),
      (error: unknown) =>
        host.report({
          kind: 'failed',
          failure: {
            kind: 'sandbox-failed',
            detail: `The App's HTML could not be loaded: ${String(error)}`,
          },
        }),
    );
  });
  bridge.addEventListener('initialized', () => host.initialized());
  bridge.addEventListener('sizechange', ({ height }) => host.sizeChanged(height));
  bridge.addEventListener('requestteardown', () => host.teardownRequested());
  bridge.addEventListener('loggingmessage', ({ level, logger, data }) =>
    host.log(level, logger, data),
  );
  bridge.oncalltool = async ({ name, arguments: args }, { mcpReq: { signal } }) =>
    (await host.callTool(name, args ?? {}, signal)) as AppToolResult;
  bridge.onreadresource = async ({ uri }) =>
    ({ contents: await host.readResource(uri) }) as Awaited<ReturnType<ReadResourceHandler>>;
  bridge.onopenlink = async ({ url }, { mcpReq: { signal } }) =>
    (await host.openLink(url, signal)) ? {} : { isError: true };
  bridge.ondownloadfile = async ({ contents }, { mcpReq: { signal } }) =>
    (await host.download(contents, signal)) ? {} : { isError: true };
  bridge.onrequestdisplaymode = ({ mode }) =>
    Promise.resolve({
      mode: host.displayMode(mode, bridge.getAppCapabilities()?.availableDisplayModes),
    });
  if (options.inConversation) {
    // The bridge aborts `signal` when the App cancels the request or the connection closes.
    bridge.onmessage = async ({ content }, { mcpReq: { signal } }) => {
      const text = content
        .flatMap((block) => (block.type === 'text' ? [block.text] : []))
        .join('\n\n')
        .trim();
      // Only text is declared; a message with nothing to read is refused, not sent empty.
      if (!text) return { isError: true };
      return (await host.message(text, signal)) ? {} : { isError: true };
    };
    bridge.onupdatemodelcontext = async ({ content, structuredContent }) => {
      await host.updateContext(content, structuredContent);
      return {};
    };
  }
  // Refused here and by the proxy: the host hears the sum.
  let transportRefused: RefusedCounts = { size: 0, rate: 0, shape: 0 };
  let proxyRefused = 0;
  const refused = (): void =>
    host.refused({ ...transportRefused, rate: transportRefused.rate + proxyRefused });
  bridge.setNotificationHandler(SANDBOX_REPORT, { params: reportParams }, (params) => {
    if (params.kind === 'refused') {
      proxyRefused = Math.max(proxyRefused, params.rate);
      refused();
      return;
    }
    host.report(
      params.kind === 'navigated'
        ? {
            kind: 'failed',
            failure: {
              kind: 'app-error',
              detail:
                'The App loaded another page in its frame (it navigated away from its own); the sandbox closed it.',
            },
          }
        : params,
    );
  });
  const transport = new FrameTransport(target, {
    ...(options.traffic ? { traffic: options.traffic } : {}),
    onRefused: (counts) => {
      transportRefused = counts;
      refused();
    },
  });
  await bridge.connect(transport);
  return bridge;
}
