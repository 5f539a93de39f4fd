import { approvalPolicySchema } from '../../../shared/domain/approvals';
import type { ConversationMessage } from '../../../shared/domain/conversationMessage';
import { AppError, AppErrorCode } from '../../../shared/errors';
import type { CliContext, CommandResult } from '../CliContext';
import { CliUsageError, flagString } from '../parseCliArgs';
import { chatInput, hasChatExtras } from './chatAttachments';

/**
 * `chat "<message>" [--conversation ID] [--model PROVIDER/MODEL] [--approve all|none|readonly]
 * [--attach <server> <uri>]… [--prompt <server> <name> [--args JSON]]`: one user turn to
 * completion on the model given (any configured provider, or `openai/…` from the environment),
 * else the default one, tools behind the given policy.
 */
export async function chatCommand(ctx: CliContext): Promise<CommandResult> {
  const given = ctx.args.positionals.join(' ').trim();
  if (!given && !hasChatExtras(ctx.args)) throw new CliUsageError('chat needs a message');
  const approve = flagString(ctx.args, 'approve');
  const policy = approve === undefined ? undefined : approvalPolicySchema.safeParse(approve);
  if (policy && !policy.success) throw new CliUsageError('--approve must be all, none or readonly');
  const core = await ctx.startHost(policy?.data);
  const conversations = core.conversations;
  const existing = flagString(ctx.args, 'conversation');
  const conversationId = existing ?? conversations.create().id;
  if (existing) conversations.get(existing, undefined, 1);
  const model = flagString(ctx.args, 'model');
  const { text, attachments } = await chatInput(ctx.args, given, core);
  if (!text && attachments.length === 0) throw new CliUsageError('chat needs a message');
  const before = conversations.get(conversationId, undefined, 1).messages.at(-1)?.ordinal ?? -1;
  if (attachments.length > 0) {
    await conversations.sendWithAttachments(conversationId, text, attachments, model);
  } else {
    conversations.send(conversationId, text, model);
  }
  // The person's message as stored (with the attachments' blocks), for the transcript.
  const sent = conversations.get(conversationId, before + 2, 1).messages[0];
  const result = await conversations.settled(conversationId);
  if (!result) throw new AppError(AppErrorCode.Internal, 'The turn did not run.');
  const stop = result.stop;
  const json = {
    conversationId,
    messages: [
      {
        role: 'user',
        content: sent?.content ?? [{ type: 'text', text }],
        ...(sent?.attachments ? { attachments: sent.attachments } : {}),
      },
      ...result.messages,
    ],
    usage: result.usage,
    stopReason: stop.reason,
    ...(stop.reason === 'failed' ? { error: stop.error } : {}),
  };
  const lines = result.messages.flatMap(describe);
  if (stop.reason === 'failed') lines.push(`Error (${stop.error.code}): ${stop.error.message}`);
  if (stop.reason === 'max_steps') lines.push(`Stopped after ${stop.maxSteps} steps.`);
  return { json, text: lines.join('\n'), exitCode: stop.reason === 'failed' ? 1 : 0 };
}

function describe(message: ConversationMessage): string[] {
  if (typeof message.content === 'string') return [message.content];
  return message.content.flatMap((block) => {
    switch (block.type) {
      case 'text':
        return message.role === 'assistant' ? [block.text] : [];
      case 'tool_use':
        return [`→ ${block.name} ${JSON.stringify(block.input)}`];
      case 'tool_result': {
        const body =
          typeof block.content === 'string'
            ? block.content
            : (block.content ?? [])
                .map((c) => (c.type === 'text' ? c.text : `[${c.type}]`))
                .join(' ');
        return [`← ${block.is_error ? 'error: ' : ''}${body.slice(0, 500)}`];
      }
      default:
        return [];
    }
  });
}
