import type { PlanValue, RegistryReview, RunPlan } from '../../../shared/domain/registryReview';
import { formatHostText, hostText, type HostText } from '../../../shared/text/hostText';

/** Where the words of a value begin to be said (`--init` … fixed by the registry). */
const SOURCE_COLUMN = 40;

/**
 * The install review as the CLI prints it (stderr, before anything is written): the version
 * document's digest, the whole command line, and each part of it with where it comes from;
 * then the environment, the URL and headers, why it is refused and what is still needed.
 */
export function registryReviewText(
  review: RegistryReview,
  plan: RunPlan,
  missing: readonly string[],
): string {
  const option = review.server.options.find((o) => o.index === plan.option);
  const say = (text: HostText) => formatHostText(text);
  const row = (indent: string, text: string, value: PlanValue) => {
    const left = `${indent}${text}`;
    const source = say(hostText(`registryReview.sources.${value.source}`));
    const leftOut = value.optional ? ` ${say(hostText('registryReview.leftOut'))}` : '';
    return `${left.padEnd(SOURCE_COLUMN - 1)} ${source}${leftOut}`;
  };
  const lines = [
    say(
      hostText('registryReview.heading', {
        name: review.server.name,
        version: review.server.version,
        option: plan.option,
        type: option?.type ?? '',
        digest: review.digest,
      }),
    ),
  ];
  if (plan.command) {
    const whole = [plan.command.text, ...plan.args.map((a) => a.text)].join(' ');
    lines.push(`  ${say(hostText('registryReview.runs'))}: ${whole}`);
    lines.push(
      row(`  ${say(hostText('registryReview.command'))}: `, plan.command.text, plan.command),
    );
    if (plan.args.length > 0) lines.push(`  ${say(hostText('registryReview.arguments'))}:`);
    for (const arg of plan.args) lines.push(row('    ', arg.text, arg));
  }
  if (plan.env.length > 0) lines.push(`  ${say(hostText('registryReview.environment'))}:`);
  for (const { name, value } of plan.env) lines.push(row('    ', `${name}=${value.text}`, value));
  if (plan.url) {
    lines.push(`  ${say(hostText('registryReview.connects'))}: ${plan.url.text}`);
    lines.push(row(`  ${say(hostText('registryReview.url'))}: `, plan.url.text, plan.url));
  }
  if (plan.headers.length > 0) lines.push(`  ${say(hostText('registryReview.headers'))}:`);
  for (const { name, value } of plan.headers)
    lines.push(row('    ', `${name}: ${value.text}`, value));
  if (plan.refusedText) {
    lines.push(`  ${say(hostText('registryReview.refused', { reason: plan.refusedText }))}`);
  }
  if (plan.sandbox?.enabled) {
    const writes = plan.sandbox.allowWrite.join(', ');
    const hosts = plan.sandbox.allowedDomains.join(', ');
    lines.push(
      `  ${say(
        hostText('registryReview.sandboxed', {
          writes: writes
            ? say(hostText('registryReview.ownFolderAnd', { list: writes }))
            : say(hostText('registryReview.ownFolder')),
          hosts: hosts || say(hostText('registryReview.nowhere')),
        }),
      )}`,
    );
  }
  if (missing.length > 0) {
    lines.push(`  ${say(hostText('registryReview.stillNeeded', { labels: missing.join(', ') }))}`);
  }
  return lines.join('\n');
}
