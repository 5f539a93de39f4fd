import { AppError, AppErrorCode } from '../../../shared/errors';
import type { McpSession } from '../../services/mcp/session/McpSession';
import { SkillLoader } from '../../services/skills/SkillLoader';
import { pathInSkill, qualifiedSkillName } from '../../services/skills/skillPaths';
import type { Tool } from '../../services/mcp/session/mcpTypes';
import { exampleArguments } from './exampleArguments';
import type { ConformanceContext, PlannedToolCall } from './parseConformanceContext';

/** What a scenario's flow works with once the session is connected and tools are listed. */
export interface FlowContext {
  session: McpSession;
  context: ConformanceContext;
  /** The tools the session listed (empty when the server offers none). */
  tools: Tool[];
  /** Records one step for the command's output. */
  step: (text: string) => void;
}

type ScenarioFlow = (flow: FlowContext) => Promise<void>;

/**
 * What each client scenario needs beyond connecting and listing tools (which every flow does
 * first: the initialize, request-metadata and json-schema-ref-no-deref scenarios need no more).
 * Calls made from the scenario's context (`toolCalls`) follow the scenario's own steps.
 */
const flows: Record<string, ScenarioFlow> = {
  tools_call: (flow) => call(flow, { name: 'add_numbers', arguments: { a: 2, b: 3 } }),
  'elicitation-sep1034-client-defaults': (flow) =>
    call(flow, { name: 'test_client_elicitation_defaults', arguments: {} }),
  'sse-retry': (flow) => call(flow, { name: 'test_reconnection', arguments: {} }),
  'sep-2322-client-request-state': requestStateFlow,
  'http-standard-headers': async (flow) => {
    await callEveryTool(flow);
    await readEveryResource(flow);
    await getEveryPrompt(flow);
  },
  // The session must already have left out the tools whose x-mcp-header is invalid.
  'http-invalid-tool-headers': callEveryTool,
  'json-schema-2020-12-preservation': echoSchemaFlow,
  // Skills (SEP-2640): the model has not asked for the skill, so nothing is fetched.
  'sep-2640-client-no-prefetch': (flow) => skillsFlow(flow, false),
  // The model asks for every skill, then for each of its files: verified, or refused.
  'sep-2640-client-verify-digest': (flow) => skillsFlow(flow, true),
  'sep-2640-client-verify-size': (flow) => skillsFlow(flow, true),
  'sep-2640-client-verify-frontmatter': (flow) => skillsFlow(flow, true),
};

/** Runs the scenario's steps on a connected session; rejects when one of them fails. */
export async function runScenarioFlow(scenario: string, flow: FlowContext): Promise<void> {
  // Authorization scenarios judge the sign-in; their servers offer one tool to prove access.
  const scenarioFlow =
    flows[scenario] ?? (scenario.startsWith('auth/') ? callEveryTool : undefined);
  await scenarioFlow?.(flow);
  for (const planned of flow.context.toolCalls) await call(flow, planned);
}

async function call(flow: FlowContext, planned: PlannedToolCall): Promise<void> {
  const result = await flow.session.callTool(planned.name, planned.arguments);
  // A tool error is an answer, not a broken flow: the scenario's checks judge it.
  flow.step(`called ${planned.name}${result.isError ? ' (tool error)' : ''}`);
}

async function callEveryTool(flow: FlowContext): Promise<void> {
  for (const tool of flow.tools) {
    await call(flow, { name: tool.name, arguments: exampleArguments(tool.inputSchema) });
  }
}

async function readEveryResource(flow: FlowContext): Promise<void> {
  if (!flow.session.info?.capabilities.resources) return;
  const resources = await flow.session.listResources();
  flow.step(`listed ${resources.length} resource(s)`);
  for (const resource of resources) {
    await flow.session.readResource(resource.uri);
    flow.step(`read ${resource.uri}`);
  }
}

async function getEveryPrompt(flow: FlowContext): Promise<void> {
  if (!flow.session.info?.capabilities.prompts) return;
  const prompts = await flow.session.listPrompts();
  flow.step(`listed ${prompts.length} prompt(s)`);
  for (const prompt of prompts) {
    await flow.session.getPrompt(prompt.name);
    flow.step(`got prompt ${prompt.name}`);
  }
}

/**
 * SEP-2322 multi-round trips: the echo and no-state tools ask for input (answered by the
 * handlers, retried by the SDK), the unrelated tool is called between them. The last tool
 * returns a result without `resultType`, which 2026-07-28 servers MUST include: the SDK refuses
 * that result (INVALID_RESULT) rather than guess, and what the scenario checks — that the client
 * does not retry it as if input were required — holds either way, so that refusal is expected.
 */
async function requestStateFlow(flow: FlowContext): Promise<void> {
  await call(flow, { name: 'test_mrtr_echo_state', arguments: {} });
  await call(flow, { name: 'test_mrtr_unrelated', arguments: {} });
  await call(flow, { name: 'test_mrtr_no_state', arguments: {} });
  try {
    await call(flow, { name: 'test_mrtr_no_result_type', arguments: {} });
  } catch (error) {
    if (!isMissingResultType(error)) throw error;
    flow.step('test_mrtr_no_result_type: result without resultType refused, not retried');
  }
}

/** Only the missing-resultType refusal: any other invalid result is a real failure. */
function isMissingResultType(error: unknown): boolean {
  if (!(error instanceof AppError) || error.code !== AppErrorCode.McpProtocol) return false;
  const details = error.data as { code?: unknown; data?: { violation?: unknown } } | undefined;
  return details?.code === 'INVALID_RESULT' && details.data?.violation === 'missing-resultType';
}

/**
 * Lists the server's skills and, when `load`, loads each as the app does when the model asks:
 * through the {@link SkillLoader}, `SKILL.md` first (verified against the listing), then each
 * listed file of a skill that loaded. A refused skill is a finding, not a failure of the flow:
 * the host said no, which is what a tampered skill deserves.
 */
async function skillsFlow(flow: FlowContext, load: boolean): Promise<void> {
  const { skills, invalid } = await flow.session.skills.list();
  flow.step(
    `listed ${skills.length} skill(s)${invalid.length > 0 ? `, ${invalid.length} invalid` : ''}`,
  );
  if (!load) return;
  const loader = new SkillLoader(
    (source, message) => flow.step(`refused ${source.qualifiedName}: ${message}`),
    // The scenario's skills are loaded to be checked, for no model: running it is the consent.
    () => true,
  );
  for (const entry of skills) {
    const source = {
      server: 'conformance',
      qualifiedName: qualifiedSkillName('conformance', entry.uri),
      entry,
      skills: flow.session.skills,
    };
    try {
      await loader.load('conformance', source);
    } catch (error) {
      if (error instanceof AppError && error.code === AppErrorCode.SkillRefused) continue;
      throw error;
    }
    flow.step(`loaded ${source.qualifiedName}`);
    const files = entry.resources === 'dynamic' ? [] : entry.resources;
    for (const file of files.filter((f) => f.uri !== entry.uri)) {
      const path = pathInSkill(entry.uri, file.uri);
      await loader.readFile('conformance', source, path);
      flow.step(`read ${path} of ${source.qualifiedName}`);
    }
  }
}

/** SEP-1613/2106: hand the focal tool's inputSchema back, untouched, to the echo tool. */
async function echoSchemaFlow(flow: FlowContext): Promise<void> {
  const focal = flow.tools.find((tool) => tool.name === 'json_schema_2020_12_tool');
  if (!focal) {
    throw new AppError(AppErrorCode.NotFound, 'The server did not list json_schema_2020_12_tool');
  }
  await call(flow, { name: 'json_schema_echo', arguments: { schema: focal.inputSchema } });
}
