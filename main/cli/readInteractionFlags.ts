import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { elicitationValueSchema } from '../../shared/domain/interactions';
import { AppError } from '../../shared/errors';
import type {
  HeadlessElicitation,
  HeadlessInteractionPolicy,
} from '../services/interactions/HeadlessInteractionPolicy';
import { checkFolder } from '../services/interactions/RootsService';
import { CliUsageError, flagString, type CliArgs } from './parseCliArgs';

const answersSchema = z.record(z.string(), elicitationValueSchema);

/**
 * `--sampling approve|deny`, `--elicit FILE|accept-defaults`, `--roots DIR…`: what answers
 * servers' requests in a headless run. Anything not given is refused when a server asks.
 */
export async function readInteractionFlags(
  args: CliArgs,
  report: (message: string) => void,
): Promise<{ policy: HeadlessInteractionPolicy; roots: string[] }> {
  const policy: HeadlessInteractionPolicy = { report };
  const sampling = flagString(args, 'sampling');
  if (sampling !== undefined) {
    if (sampling !== 'approve' && sampling !== 'deny') {
      throw new CliUsageError('--sampling must be approve or deny');
    }
    policy.sampling = sampling;
  }
  const elicit = flagString(args, 'elicit');
  if (elicit !== undefined) policy.elicit = await readElicit(elicit);
  const roots: string[] = [];
  for (const dir of (args.lists.get('roots') ?? []).flat()) {
    try {
      roots.push(await checkFolder(dir));
    } catch (error) {
      throw new CliUsageError(`--roots: ${AppError.from(error).message}`);
    }
  }
  return { policy, roots };
}

async function readElicit(value: string): Promise<HeadlessElicitation> {
  if (value === 'accept-defaults') return { kind: 'accept-defaults' };
  let text: string;
  try {
    text = await readFile(value, 'utf8');
  } catch (error) {
    throw new CliUsageError(
      `--elicit: cannot read ${value} (${(error as NodeJS.ErrnoException).code ?? 'error'}); give a JSON file or accept-defaults`,
    );
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new CliUsageError(`--elicit: ${value} is not valid JSON: ${(error as Error).message}`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new CliUsageError(`--elicit: ${value} must hold a JSON object of answers by field name`);
  }
  const action = (parsed as { action?: unknown }).action;
  if (action !== undefined) {
    if ((action === 'decline' || action === 'cancel') && Object.keys(parsed).length === 1) {
      return { kind: action };
    }
    throw new CliUsageError(
      `--elicit: ${value}: "action" may only be {"action":"decline"} or {"action":"cancel"}`,
    );
  }
  const answers = answersSchema.safeParse(parsed);
  if (!answers.success) {
    const issue = answers.error.issues[0];
    throw new CliUsageError(
      `--elicit: ${value}: answer “${String(issue?.path[0] ?? '')}” must be text, a number, true/false or a list of texts`,
    );
  }
  return { kind: 'answers', answers: answers.data };
}
