import { CliUsageError, flagJsonObject, flagNumber } from '../parseCliArgs';
import type { CliContext, CommandResult } from '../CliContext';
import { AppError, AppErrorCode } from '../../../shared/errors';
import { systemClock } from '../../services/events/Clock';
import { SchemaChecks } from '../../services/events/payloadCheck';
import { SubscriptionRunner } from '../../services/events/SubscriptionRunner';
import { occurrenceSchema } from '../../services/mcp/session/events/eventsWire';
import type { McpSession } from '../../services/mcp/session/McpSession';
import { terminalJson } from '../terminalText';

/**
 * `events <server>`: the server's event types and how each is delivered.
 * `events watch <server> <type> [--args J] [--max N]`: subscribes (push when offered, poll
 * otherwise) and prints each event as one JSON line until N arrived or Ctrl+C; the server is
 * then stopped as the stdio transport says (stdin closed, then SIGTERM, then SIGKILL).
 */
export async function eventsCommand(ctx: CliContext): Promise<CommandResult> {
  const [first, ...rest] = ctx.args.positionals;
  if (first === 'watch') return watch(ctx, rest);
  if (!first) throw new CliUsageError('events needs <server>, or watch <server> <type>');
  const session = await readySession(ctx, first);
  const types = session.eventsCapability ? await session.eventsClient().list() : [];
  const text = types.length
    ? types
        .map(
          (t) =>
            `${t.name}  [${t.delivery.join(', ')}]${t.description ? `\n    ${t.description.split('\n')[0] ?? ''}` : ''}`,
        )
        .join('\n')
    : `${first} offers no events.`;
  return {
    json: {
      server: first,
      declared: session.eventsCapability?.declaredBy ?? [],
      types,
    },
    text,
    exitCode: 0,
  };
}

async function watch(ctx: CliContext, positionals: string[]): Promise<CommandResult> {
  const [server, type] = positionals;
  if (!server || !type) throw new CliUsageError('events watch needs <server> <type>');
  const args = flagJsonObject(ctx.args, 'args');
  const max = ctx.args.flags.has('max') ? flagNumber(ctx.args, 'max', 1) : Infinity;
  const print = ctx.io.out;
  if (!print) throw new AppError(AppErrorCode.Internal, 'events watch needs a live stdout');
  const session = await readySession(ctx, server);
  if (!session.eventsCapability) {
    throw new AppError(AppErrorCode.Unsupported, `${server} offers no events.`);
  }
  const client = session.eventsClient();
  const declared = (await client.list()).find((t) => t.name === type);
  if (!declared)
    throw new AppError(AppErrorCode.NotFound, `${server} has no event type “${type}”.`);
  const mode = declared.delivery.includes('push')
    ? 'push'
    : declared.delivery.includes('poll')
      ? 'poll'
      : undefined;
  if (!mode) {
    throw new AppError(
      AppErrorCode.Unsupported,
      `“${type}” offers neither poll nor push delivery (webhook needs a public relay).`,
    );
  }
  const checks = new SchemaChecks();
  const argumentProblems = checks.problems(declared.inputSchema, args);
  if (argumentProblems.length > 0) {
    throw new CliUsageError(`--args do not fit “${type}”: ${argumentProblems.join('; ')}`);
  }
  ctx.io.err(
    `Watching ${server} › ${type} by ${mode}${Number.isFinite(max) ? ` for ${String(max)} events` : ''} (Ctrl+C stops).\n`,
  );
  const seen = new Set<string>();
  const position: { cursor: string | null } = { cursor: null };
  let count = 0;
  let finish!: (outcome: { ended?: string }) => void;
  const done = new Promise<{ ended?: string }>((resolve) => {
    finish = resolve;
  });
  const runner = new SubscriptionRunner({
    client,
    type,
    arguments: args,
    mode,
    clock: systemClock,
    sink: {
      cursor: () => position.cursor,
      setCursor: (next) => {
        position.cursor = next;
      },
      occurrence: (raw) => {
        const parsed = occurrenceSchema.safeParse(raw);
        if (!parsed.success || count >= max || seen.has(parsed.data.eventId)) return;
        seen.add(parsed.data.eventId);
        count++;
        const { eventId, name, timestamp, data } = parsed.data;
        const problems = checks.problems(declared.payloadSchema, data);
        // JSON escapes every control character; terminalJson the C1 ones: nothing reaches the
        // terminal raw, whatever the payload holds.
        print(
          `${terminalJson({
            id: eventId,
            type: name,
            timestamp,
            payload: data,
            server,
            ...(problems.length ? { problems } : {}),
          })}\n`,
        );
        if (count >= max) finish({});
      },
      gap: () => ctx.io.err('Some events were skipped: the server could not replay them.\n'),
      state: (state, note) => {
        if (state === 'failing' && note) ctx.io.err(`Delivery failing, retrying: ${note}\n`);
      },
      ended: (note) => finish({ ended: note }),
    },
  });
  const stop = (): void => finish({});
  ctx.io.signal?.addEventListener('abort', stop, { once: true });
  runner.start();
  const outcome = await done;
  runner.stop();
  ctx.io.signal?.removeEventListener('abort', stop);
  if (position.cursor !== null) ctx.io.err(`Last cursor: ${position.cursor}\n`);
  if (outcome.ended)
    throw new AppError(
      AppErrorCode.McpProtocol,
      `The server ended the subscription: ${outcome.ended}`,
    );
  return { json: null, text: '', exitCode: 0, streamed: true };
}

async function readySession(ctx: CliContext, server: string): Promise<McpSession> {
  const mcp = await ctx.startServers(server);
  return mcp.supervisor(server).ready();
}
