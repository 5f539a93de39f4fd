import { AppError, AppErrorCode } from '../../shared/errors';
import type { ExternalOpener } from '../platform/PlatformServices';
import { CliContext, type CommandResult } from './CliContext';
import { callCommand } from './commands/callCommand';
import { chatCommand } from './commands/chatCommand';
import { conformanceCommand } from './commands/conformanceCommand';
import {
  promptCommand,
  promptsCommand,
  readCommand,
  resourcesCommand,
} from './commands/resourceCommands';
import { secretCommand } from './commands/secretCommand';
import { serversCommand } from './commands/serversCommand';
import { sandboxCommand } from './commands/sandboxCommand';
import { signinCommand, signoutCommand } from './commands/signInCommands';
import { skillsCommand } from './commands/skillsCommand';
import { toolsCommand } from './commands/toolsCommand';
import { addCommand, removeCommand } from './commands/addRemoveCommands';
import { installCommand, searchCommand } from './commands/registryCommands';
import { taskCommand, tasksCommand } from './commands/taskCommands';
import { eventsCommand } from './commands/eventsCommand';
import { CliUsageError, parseCliArgs, type CliArgs } from './parseCliArgs';
import { EXIT_NEEDS_SIGN_IN } from './needsSignIn';
import { cleanTerminalText, terminalJson } from './terminalText';

const USAGE = `Usage: npm run --silent cli -- <command> [options]

Commands:
  servers                          connect every enabled server and report its status (and
                                   whether it runs sandboxed)
  sandbox <server> [--roots DIR…]  the sandbox rules the server runs under and its recent
                                   blocked attempts (nothing is started)
  tools                            list the tool catalogue (model-facing names)
  call <server> <tool> [--args J] [--task] [--detach]
                                   call one tool by its original name; a tool the server runs
                                   as a task is waited for (status lines on stderr), --detach
                                   prints the task reference and leaves it running, --task asks
                                   for a task where the tool makes it optional
  tasks                            list stored tasks (from the app and the CLI), newest first
  task <server> <id>               show a stored task; while it runs, take it up and wait for
                                   its result (Ctrl+C leaves it running)
  task cancel <server> <id>        cancel a task on its server
  resources <server>               list resources and templates
  read <server> <uri>              read one resource
  prompts <server>                 list prompts
  prompt <server> <name> [--args J]  get a prompt
  skills <server> [--enable NAME] [--disable NAME]
                                   list a server's skills (files, sizes; nothing is fetched);
                                   enable or disable one for the model (kept; chat uses them)
  secret set <name> | delete <name> | list
                                   keep a secret for \${secret:NAME} in servers.json (set reads
                                   the value from stdin) in the data dir's secrets.json, a file
                                   only your user can read; list names every kept one, never a
                                   value
  chat "<message>" [--conversation ID] [--model PROVIDER/MODEL] [--approve all|none|readonly]
       [--ignore-grants] [--attach <server> <uri>]… [--prompt <server> <name> [--args J]]
                                   run one chat turn (tools: all allowed, none, or read-only);
                                   --model picks any provider's model (deepseek/deepseek-chat;
                                   a bare id is Claude's; openai/… can come from OPENAI_API_KEY
                                   and OPENAI_BASE_URL alone), --attach (repeatable) sends a
                                   resource with the message, --prompt starts the message with
                                   a prompt's messages; without --approve, "always allow"
                                   grants and read-only trust from the app still apply (each
                                   use is said on stderr); --ignore-grants leaves them out
  signin <server> [--no-browser]   sign in to a remote server: prints the sign-in address on
                                   stderr, opens it in the browser, waits for it to come back
                                   (Ctrl+C cancels); tokens stay in the data dir's secret store
  signout <server>                 forget a remote server's tokens and registration
  add <name> -- <command> <args…>  add a local server; add <name> --url URL [--transport sse]
                                   adds a remote one. --env/--header NAME=VALUE (repeatable)
                                   are written to the file; --secret-env/--secret-header
                                   NAME=VALUE go to the secret store (\${secret:NAME} in the file)
  remove <name>                    remove a server (and the secrets only it used; a bundle's
                                   folder too)
  search <query>                   search the MCP Registry (every page; names containing query)
  install <registry-name> [--version V] [--option N] [--name NAME] [--env NAME=VALUE]…
          [--docker-arg=ARG]… [--dry-run]
  install <file.mcpb> [--name NAME] [--env KEY=VALUE]… [--allow-untrusted]
                                   install from the registry or a bundle; secret values go to
                                   the secret store; a required value not given is named and
                                   nothing is installed. A registry install prints its review
                                   on stderr first (every part of what runs and where it comes
                                   from); --dry-run stops there; --docker-arg adds your own
                                   docker argument (mounts, privileges) before the image's
  events <server>                  list a server's event types (MCP Events) and how each is
                                   delivered (push, poll, webhook)
  events watch <server> <type> [--args J] [--max N]
                                   subscribe (push when offered, poll otherwise) and print each
                                   event as one JSON line; stops after N events or Ctrl+C
  conformance <url>                the client the MCP conformance suite runs (npm run conformance);
                                   reads MCP_CONFORMANCE_SCENARIO, _PROTOCOL_VERSION, _CONTEXT

Options:
  --config PATH     servers file (default: SWITCHBOARD_CONFIG, then <data dir>/servers.json)
  --data-dir DIR    data folder (default: SWITCHBOARD_DATA_DIR, then the app's)
  --json            print one JSON document on stdout and nothing else
  --timeout MS      how long to wait for servers and calls (default 30000); for signin also
                    how long to wait for the browser (default 5 minutes)
  --no-login-shell  use this environment's PATH instead of the login shell's

Server requests (chat and call; nobody is there to ask, so without these they are refused):
  --sampling approve|deny   approve = the server's request as sent, the answer as generated
  --elicit FILE|accept-defaults
                    answer forms from FILE (a JSON object of answers by field name; fields not
                    given take their defaults; {"action":"decline"} or {"action":"cancel"} to
                    refuse), or accept every form with its defaults; URL requests are declined
  --roots DIR…      folders servers may use (every value up to the next flag)

Exit code 0 on success, 1 on failure (for servers: any enabled server not ready), 4 when a
server needs sign-in (run signin <server>, then the command again).`;

type Command = (ctx: CliContext) => Promise<CommandResult>;

const commands: Record<string, Command> = {
  servers: serversCommand,
  tools: toolsCommand,
  call: callCommand,
  tasks: tasksCommand,
  task: taskCommand,
  resources: resourcesCommand,
  read: readCommand,
  prompts: promptsCommand,
  prompt: promptCommand,
  conformance: conformanceCommand,
  chat: chatCommand,
  signin: signinCommand,
  signout: signoutCommand,
  add: addCommand,
  remove: removeCommand,
  search: searchCommand,
  install: installCommand,
  skills: skillsCommand,
  secret: secretCommand,
  events: eventsCommand,
  sandbox: sandboxCommand,
};

/**
 * Runs one CLI command; returns the exit code. Output goes through `out`/`err`, and only as
 * {@link cleanTerminalText} leaves it: servers and registries supply much of it, and no command
 * can forget to clean what it prints. `--json` documents are {@link terminalJson}.
 */
export async function runCli(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  rawOut: (text: string) => void,
  rawErr: (text: string) => void,
  signal?: AbortSignal,
  readStdin?: () => Promise<string>,
  /** What tests inject: the browser `signin` uses. */
  inject: { signInBrowser?: ExternalOpener } = {},
): Promise<number> {
  const out = (text: string): void => rawOut(cleanTerminalText(text));
  const err = (text: string): void => rawErr(cleanTerminalText(text));
  let args: CliArgs;
  try {
    args = parseCliArgs(argv);
  } catch (error) {
    err(`${(error as Error).message}\n\n${USAGE}\n`);
    return 1;
  }
  const json = args.flags.has('json');
  const command = args.command ? commands[args.command] : undefined;
  if (args.flags.has('help') || !command) {
    if (json)
      out(
        terminalJson({ error: { code: 'VALIDATION', message: 'Unknown or missing command' } }) +
          '\n',
      );
    else
      (command ? out : err)(
        `${args.command && !command ? `Unknown command: ${args.command}\n\n` : ''}${USAGE}\n`,
      );
    return args.flags.has('help') && !args.command ? 0 : 1;
  }
  let ctx: CliContext | undefined;
  try {
    ctx = new CliContext(args, env, {
      err,
      out,
      ...(signal ? { signal } : {}),
      ...(readStdin ? { readStdin } : {}),
      ...inject,
    });
    const context = ctx;
    // Ctrl+C must not leave servers running: stop them, then report the interruption.
    const interrupted = new Promise<never>((_, reject) => {
      signal?.addEventListener(
        'abort',
        () => reject(new AppError(AppErrorCode.Cancelled, 'Interrupted.')),
        { once: true },
      );
    });
    const result = await Promise.race([command(context), interrupted]);
    if (!result.streamed) out(json ? terminalJson(result.json, 2) + '\n' : result.text + '\n');
    return result.exitCode;
  } catch (error) {
    if (error instanceof CliUsageError) {
      err(`${error.message}\n\n${USAGE}\n`);
      if (json) out(terminalJson({ error: { code: 'VALIDATION', message: error.message } }) + '\n');
      return 1;
    }
    const appError = AppError.from(error);
    if (json) out(terminalJson({ error: appError.toJSON() }, 2) + '\n');
    else err(`Error (${appError.code}): ${appError.message}\n`);
    return appError.code === AppErrorCode.McpAuthRequired ? EXIT_NEEDS_SIGN_IN : 1;
  } finally {
    // Why a server's request was refused, for whoever runs the command.
    for (const note of ctx?.notes ?? []) err(`${note}\n`);
    await ctx?.dispose();
  }
}
