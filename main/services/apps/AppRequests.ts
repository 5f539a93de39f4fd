import type { AppReport } from '../../../shared/domain/apps';
import type { InteractionOrigin } from '../../../shared/domain/interactions';
import { AppError, AppErrorCode } from '../../../shared/errors';
import { isOpenableUrl } from '../../platform/isOpenableUrl';
import type { ApprovalBroker } from '../approvals/ApprovalBroker';
import { approvalToolOf } from '../approvals/approvalToolOf';
import { modelToolName } from '../base/modelToolName';
import type { McpService } from '../mcp/McpService';
import type { Tool } from '../mcp/session/mcpTypes';
import type { AppFrameRecord } from './AppFrames';
import type { AppRenderVerdicts } from './AppRenderVerdicts';
import type { AppsService } from './AppsService';
import { AppConsentQueue } from './AppConsentQueue';
import { AppRequestSignals } from './AppRequestSignals';
import type { AppTurnContext } from './AppTurnContext';
import { contextText, describeData } from './contextText';
import { isVisibleToApps } from '../mcp/tools/toolUi';
import { hostText, type HostText } from '../../../shared/text/hostText';

export interface AppRequestsOptions {
  apps: AppsService;
  mcp: McpService;
  broker: ApprovalBroker;
  turnContext: AppTurnContext;
  verdicts: AppRenderVerdicts;
  /** Sends a message in a conversation (the person confirmed it in the App's card). */
  send: (conversationId: string, text: string) => Promise<{ turnId: string }>;
  /**
   * The URL consent panel: whether the page was opened, and whether the person allowed the
   * App to open pages of that origin from now on.
   */
  askToOpen: (request: {
    server: string;
    url: string;
    origin: InteractionOrigin;
    app: { tool: string; appId: string };
    signal?: AbortSignal;
  }) => Promise<{ opened: boolean; allowOrigin: boolean }>;
  /** Opens a page the person already allowed this App to open (its origin). */
  open: (url: string) => Promise<boolean>;
  /** How many requests of an App wait behind the one the person sees. */
  consentsWaiting: (appId: string, waiting: number) => void;
}

/** Problem reports kept per frame; an App that keeps failing does not flood its server's log. */
const MAX_PROBLEMS_PER_FRAME = 100;

/**
 * What an App may ask of the host, each through the machinery the host already has: its own
 * server's tools (only those visible to Apps, through the approval broker with the App named as
 * the caller), resource reads, a message the person confirmed, a page through URL consent,
 * context for the next turn, log records, and reports about itself. The frame id names the App;
 * its server and conversation come from main's record of the frame, never from the request.
 * What needs the person is asked one request at a time per App (AppConsentQueue); "allow for
 * this App" holds for that App until it closes: its calls of one tool (in the broker), or its
 * pages of one origin (here).
 */
export class AppRequests {
  private readonly signals = new AppRequestSignals();
  private readonly problems = new Map<string, number>();
  private readonly renderedFrames = new Set<string>();
  private readonly consents: AppConsentQueue;
  /** Origins the person allowed an App to open pages of, by App id. */
  private readonly linkOrigins = new Map<string, Set<string>>();

  constructor(private readonly options: AppRequestsOptions) {
    this.consents = new AppConsentQueue(options.consentsWaiting);
  }

  /** `requestId` names the request for {@link cancel} (the App may give it up). */
  async callTool(
    frameId: string,
    name: string,
    args: Record<string, unknown>,
    requestId?: string,
  ): Promise<Record<string, unknown>> {
    const frame = this.options.apps.frames.get(frameId);
    const { signal, end } = this.signals.begin(frameId, requestId);
    try {
      // A server that waits to be needed starts for the App's call (and the App may give up).
      const supervisor = await this.options.mcp.use(frame.server, signal);
      const tool = supervisor.tools.find((t) => t.name === name);
      if (!tool) {
        throw new AppError(
          AppErrorCode.NotFound,
          hostText('apps.noTool', { server: frame.server, tool: name }),
        );
      }
      if (!isVisibleToApps(tool)) {
        throw new AppError(AppErrorCode.Forbidden, hostText('apps.toolHidden', { tool: name }));
      }
      return await this.runTool(frame, tool, args, signal);
    } finally {
      end();
    }
  }

  /** The App cancelled a request it named: it is neither asked about nor run from now on. */
  cancel(frameId: string, requestId: string): void {
    this.signals.cancel(
      frameId,
      requestId,
      new AppError(AppErrorCode.Cancelled, hostText('apps.cancelledByApp')),
    );
  }

  private async runTool(
    frame: AppFrameRecord,
    tool: Tool,
    args: Record<string, unknown>,
    signal: AbortSignal,
  ): Promise<Record<string, unknown>> {
    const { name } = tool;
    const supervisor = this.options.mcp.supervisor(frame.server);
    const outcome = await this.options.broker.decide(
      {
        conversationId: frame.toolCall?.conversationId ?? `app-preview:${frame.server}`,
        server: frame.server,
        tool: approvalToolOf(tool),
        modelName: modelToolName(frame.server, tool.name),
        arguments: args,
        caller: {
          kind: 'app',
          tool: callerName(frame),
          resourceUri: frame.resourceUri,
          appId: frame.appId,
        },
      },
      signal,
      (aborted) => this.consents.turn(frame.appId, aborted),
    );
    const who = `App ${frame.resourceUri}`;
    if (outcome.kind === 'denied') {
      this.log(frame, 'info', `${who} called ${name}: not run (${outcome.reason})`);
      if (outcome.cancelled) {
        throw new AppError(
          AppErrorCode.Cancelled,
          hostText('apps.notRun', { reason: outcome.reason }),
        );
      }
      return { content: [{ type: 'text', text: outcome.reason }], isError: true };
    }
    this.log(frame, 'info', `${who} called ${name} (allowed by ${outcome.decidedBy})`);
    const result = await supervisor.callTool(name, args, {
      signal,
      timeoutMs: supervisor.config.timeouts.requestMs,
    });
    return JSON.parse(JSON.stringify(result)) as Record<string, unknown>;
  }

  async readResource(frameId: string, uri: string): Promise<Record<string, unknown>[]> {
    const frame = this.options.apps.frames.get(frameId);
    const result = await (await this.options.mcp.use(frame.server)).ready().readResource(uri);
    return result.contents.map((c) => JSON.parse(JSON.stringify(c)) as Record<string, unknown>);
  }

  async sendMessage(frameId: string, text: string): Promise<{ turnId: string }> {
    const frame = this.options.apps.frames.get(frameId);
    const call = this.inConversation(frame, hostText('apps.sendMessage'));
    this.log(frame, 'info', `App ${frame.resourceUri} sent a message the person confirmed`);
    return this.options.send(call.conversationId, text);
  }

  async openLink(frameId: string, url: string, requestId?: string): Promise<boolean> {
    const { signal, end } = this.signals.begin(frameId, requestId);
    try {
      return await this.askToOpen(frameId, url, signal);
    } finally {
      end();
    }
  }

  private async askToOpen(frameId: string, url: string, signal: AbortSignal): Promise<boolean> {
    const frame = this.options.apps.frames.get(frameId);
    if (!isOpenableUrl(url)) {
      throw new AppError(AppErrorCode.Validation, hostText('apps.linkRefused', { url }));
    }
    const origin = new URL(url).origin;
    const allowed = (): boolean => this.linkOrigins.get(frame.appId)?.has(origin) === true;
    if (allowed()) return this.openAllowed(frame, url);
    const release = await this.consents.turn(frame.appId, signal);
    try {
      if (signal.aborted) return false;
      // Allowed while this one waited: no need to ask.
      if (allowed()) return await this.openAllowed(frame, url);
      const answer = await this.options.askToOpen({
        server: frame.server,
        url,
        origin: frame.toolCall
          ? { conversationId: frame.toolCall.conversationId, toolUseId: frame.toolCall.toolUseId }
          : {},
        app: { tool: callerName(frame), appId: frame.appId },
        signal,
      });
      if (answer.allowOrigin && this.options.apps.frames.find(frameId)) {
        const origins = this.linkOrigins.get(frame.appId) ?? new Set<string>();
        origins.add(origin);
        this.linkOrigins.set(frame.appId, origins);
      }
      const outcome = answer.opened ? 'opened' : 'not opened';
      const scope = answer.allowOrigin ? `; ${origin} allowed for this App` : '';
      this.log(frame, 'info', `App ${frame.resourceUri} asked to open ${url}: ${outcome}${scope}`);
      return answer.opened;
    } finally {
      release();
    }
  }

  private async openAllowed(frame: AppFrameRecord, url: string): Promise<boolean> {
    const opened = await this.options.open(url);
    this.log(
      frame,
      'info',
      `App ${frame.resourceUri} opened ${url} (its origin allowed for this App): ${opened ? 'opened' : 'not opened'}`,
    );
    return opened;
  }

  updateContext(
    frameId: string,
    content: readonly Record<string, unknown>[] | undefined,
    structuredContent: Record<string, unknown> | undefined,
  ): void {
    const frame = this.options.apps.frames.get(frameId);
    const call = this.inConversation(frame, hostText('apps.setContext'));
    const text = contextText(content, structuredContent);
    this.options.turnContext.set(call.conversationId, {
      kind: 'context',
      server: frame.server,
      tool: callerName(frame),
      toolUseId: call.toolUseId,
      resourceUri: frame.resourceUri,
      text,
    });
    this.log(
      frame,
      'info',
      `App ${frame.resourceUri} set context for the next message (${text.length} characters)`,
    );
  }

  log(frame: AppFrameRecord, level: string, text: string): void {
    this.options.apps.serverLog(frame.server, level, text);
  }

  appLog(frameId: string, level: string, logger: string | undefined, data: unknown): void {
    const frame = this.options.apps.frames.get(frameId);
    const source = logger ? `${frame.resourceUri} ${logger}` : frame.resourceUri;
    this.log(frame, level, `[${source}] ${describeData(data)}`);
  }

  report(frameId: string, report: AppReport): void {
    const frame = this.options.apps.frames.get(frameId);
    const toolUseId = frame.toolCall?.toolUseId;
    switch (report.kind) {
      case 'rendered':
        if (this.renderedFrames.has(frameId)) return;
        this.renderedFrames.add(frameId);
        if (toolUseId) this.options.verdicts.rendered(toolUseId);
        this.log(frame, 'info', `App ${frame.resourceUri} rendered`);
        return;
      case 'failed': {
        const { failure } = report;
        this.log(
          frame,
          'error',
          `App ${frame.resourceUri} failed (${failure.kind}): ${failure.detail}`,
        );
        const owed = toolUseId ? this.options.verdicts.failed(toolUseId, failure) : undefined;
        if (owed && toolUseId) {
          this.options.turnContext.set(owed.conversationId, {
            kind: 'status',
            server: owed.server,
            tool: owed.tool,
            toolUseId,
            resourceUri: owed.resourceUri,
            text: `The interactive UI of this earlier tool call did not render in the person's chat (${failure.kind}): ${failure.detail}. They saw only its text result.`,
          });
        }
        return;
      }
      case 'csp-violation':
        if (this.countProblem(frame)) {
          this.log(
            frame,
            'warning',
            `App ${frame.resourceUri} was blocked by its CSP (${report.directive}): ${report.blockedUri || '(inline)'}`,
          );
        }
        return;
      case 'app-error':
        if (this.countProblem(frame)) {
          this.log(frame, 'error', `App ${frame.resourceUri} error: ${report.message}`);
        }
        return;
      case 'console-error':
        if (this.countProblem(frame)) {
          this.log(frame, 'error', `App ${frame.resourceUri} logged an error: ${report.message}`);
        }
        return;
      case 'load-failed':
        if (this.countProblem(frame)) {
          this.log(
            frame,
            'warning',
            `App ${frame.resourceUri} could not load ${report.url} (${report.element})`,
          );
        }
        return;
      case 'messages-refused':
        if (this.countProblem(frame)) {
          this.log(
            frame,
            'warning',
            `App ${frame.resourceUri}: messages refused so far: ${String(report.size)} too large, ${String(report.rate)} over the rate, ${String(report.shape)} malformed`,
          );
        }
        return;
    }
  }

  /** The frame closed: its pending calls and consent panels end with it, and its answers. */
  closeFrame(frameId: string): void {
    const frame = this.options.apps.frames.find(frameId);
    if (frame) {
      this.options.broker.forgetApp(frame.appId);
      this.linkOrigins.delete(frame.appId);
    }
    this.signals.closeFrame(frameId, new AppError(AppErrorCode.Cancelled, hostText('apps.closed')));
    this.problems.delete(frameId);
    this.renderedFrames.delete(frameId);
  }

  private inConversation(frame: AppFrameRecord, what: HostText) {
    if (!frame.toolCall) {
      throw new AppError(AppErrorCode.Validation, hostText('apps.previewOnly', { what }));
    }
    return frame.toolCall;
  }

  private countProblem(frame: AppFrameRecord): boolean {
    const count = (this.problems.get(frame.frameId) ?? 0) + 1;
    this.problems.set(frame.frameId, count);
    if (count === MAX_PROBLEMS_PER_FRAME) {
      this.log(frame, 'warning', `App ${frame.resourceUri}: further problems are not logged`);
    }
    return count < MAX_PROBLEMS_PER_FRAME;
  }
}

/** The App as the person knows it: the tool it belongs to, else its resource. */
function callerName(frame: AppFrameRecord): string {
  return frame.toolName ?? frame.resourceUri;
}
