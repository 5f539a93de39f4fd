import { httpServerConfigSchema } from '../../../shared/domain/serverConfig';
import { McpSession } from '../../services/mcp/session/McpSession';
import type { Tool } from '../../services/mcp/session/mcpTypes';
import type { CliContext, CommandResult } from '../CliContext';
import { conformanceHandlers } from '../conformance/conformanceHandlers';
import { conformanceOAuth } from '../conformance/conformanceOAuth';
import { HeadlessSignIn } from '../conformance/HeadlessSignIn';
import {
  parseConformanceContext,
  type ConformanceContext,
} from '../conformance/parseConformanceContext';
import { protocolPreferenceFor } from '../conformance/protocolPreferenceFor';
import { runScenarioFlow } from '../conformance/runScenarioFlow';
import { CliUsageError } from '../parseCliArgs';

/** The longest timeout a server config accepts. */
const MAX_TIMEOUT_MS = 3_600_000;

/**
 * `conformance <url>`: the client the official MCP conformance suite drives. The suite starts a
 * scenario server, runs this command with its URL, and says what to do in the environment:
 * `MCP_CONFORMANCE_SCENARIO`, `MCP_CONFORMANCE_PROTOCOL_VERSION` (which decides the era) and,
 * for some scenarios, `MCP_CONFORMANCE_CONTEXT`. Everything goes through {@link McpSession},
 * as in the app, so the suite judges the host's own client. Authorization scenarios (`auth/*`)
 * sign in with the host's OAuth provider, approved headlessly ({@link HeadlessSignIn}), and
 * start over on a fresh session after each sign-in. Exit code 0 when the scenario's flow
 * completed.
 */
export async function conformanceCommand(ctx: CliContext): Promise<CommandResult> {
  const [url, ...extra] = ctx.args.positionals;
  if (!url || extra.length > 0) throw new CliUsageError('conformance needs exactly one <url>');
  const scenario = ctx.env.MCP_CONFORMANCE_SCENARIO ?? '';
  const requestedVersion = ctx.env.MCP_CONFORMANCE_PROTOCOL_VERSION;
  const context = parseConformanceContext(ctx.env.MCP_CONFORMANCE_CONTEXT);
  const timeoutMs = Math.min(Math.ceil(ctx.timeoutMs), MAX_TIMEOUT_MS);
  const config = httpServerConfigSchema.safeParse({
    name: 'conformance',
    transport: 'http',
    url,
    headers: {},
    disabled: false,
    protocol: protocolPreferenceFor(requestedVersion),
    timeouts: { startupMs: timeoutMs, requestMs: timeoutMs },
  });
  if (!config.success) throw new CliUsageError(`Not a usable server URL: ${url}`);

  const signIn = scenario.startsWith('auth/')
    ? await HeadlessSignIn.create(url, conformanceOAuth(scenario, context))
    : undefined;
  const steps: string[] = [];
  const step = (text: string): void => void steps.push(text);
  for (;;) {
    const session = new McpSession({
      config: config.data,
      handlers: conformanceHandlers,
      logger: ctx.log.child('conformance'),
      ...(signIn ? { authProvider: signIn.provider } : {}),
    });
    try {
      return await runOnce(session, { scenario, requestedVersion, context, step, steps });
    } catch (error) {
      if (!signIn) throw error;
      if (!signIn.canSignIn(error)) throw signIn.explain(error);
      step(`sign-in needed: ${(error as Error).message}`);
      await signIn.signIn(error);
      step('signed in; starting over on a fresh connection');
    } finally {
      await session.close();
    }
  }
}

interface RunRequest {
  scenario: string;
  requestedVersion: string | undefined;
  context: ConformanceContext;
  step: (text: string) => void;
  steps: string[];
}

/** Connect, list tools, run the scenario's flow: one attempt on one session. */
async function runOnce(session: McpSession, request: RunRequest): Promise<CommandResult> {
  const { scenario, requestedVersion, context, step, steps } = request;
  const info = await session.connect();
  step(`connected: ${info.era} era, protocol ${info.protocolVersion} over ${info.transportKind}`);
  let tools: Tool[] = [];
  if (info.capabilities.tools) {
    tools = await session.listTools();
    step(`listed ${tools.length} tool(s)`);
  }
  await runScenarioFlow(scenario, { session, context, tools, step });
  return {
    json: {
      scenario,
      requestedVersion: requestedVersion ?? null,
      era: info.era,
      protocolVersion: info.protocolVersion,
      steps,
    },
    text: [`Scenario ${scenario || '(none)'}:`, ...steps.map((s) => `  ${s}`)].join('\n'),
    exitCode: 0,
  };
}
