import type { AttachmentInput } from '../../../shared/domain/attachments';
import { promptToDraft } from '../../../shared/domain/promptToDraft';
import type { HostCore } from '../../services/createHostCore';
import type { CliArgs } from '../parseCliArgs';
import { CliUsageError, flagJsonObject } from '../parseCliArgs';

/** The person's first message as `chat` builds it from its text, `--prompt` and `--attach`. */
export interface ChatInput {
  text: string;
  attachments: AttachmentInput[];
}

/**
 * `--prompt <server> <name> [--args JSON]` renders a prompt whose messages become the start of
 * the person's message (their text follows); `--attach <server> <uri>` (repeatable) attaches a
 * resource that is read when the message is sent.
 */
export async function chatInput(args: CliArgs, text: string, core: HostCore): Promise<ChatInput> {
  const attachments: AttachmentInput[] = [];
  const parts: string[] = [];
  const prompts = args.lists.get('prompt') ?? [];
  if (prompts.length > 1) throw new CliUsageError('chat takes one --prompt');
  const [prompt] = prompts;
  if (prompt) {
    const [server = '', name = ''] = prompt;
    const raw = flagJsonObject(args, 'args');
    const values = Object.fromEntries(
      Object.entries(raw).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
    );
    const result = await (await core.mcp.use(server)).ready().getPrompt(name, values);
    const draft = promptToDraft(server, result.messages);
    if (draft.text) parts.push(draft.text);
    attachments.push(...draft.attachments);
  }
  if (text) parts.push(text);
  for (const [server = '', uri = ''] of args.lists.get('attach') ?? []) {
    attachments.push({ kind: 'resource', server, uri });
  }
  return { text: parts.join('\n\n'), attachments };
}

/** Whether the arguments ask for a prompt or attachments (then no text is needed). */
export function hasChatExtras(args: CliArgs): boolean {
  return args.lists.has('prompt') || args.lists.has('attach');
}
