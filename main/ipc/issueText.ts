import type { core } from 'zod';
import { hostText, type HostText } from '../../shared/text/hostText';

/**
 * What is wrong with one field of a refused request, in words the window can translate (the
 * settings form shows them next to its fields). Zod's own message stays as the English.
 */
export function issueText(issue: core.$ZodIssue): HostText {
  switch (issue.code) {
    case 'too_small':
      if (issue.origin === 'string') {
        return Number(issue.minimum) <= 1
          ? hostText('validation.required')
          : hostText('validation.tooShort', { minimum: Number(issue.minimum) });
      }
      return hostText('validation.tooSmall', { minimum: Number(issue.minimum) });
    case 'too_big':
      return issue.origin === 'string'
        ? hostText('validation.tooLong', { maximum: Number(issue.maximum) })
        : hostText('validation.tooBig', { maximum: Number(issue.maximum) });
    case 'invalid_format':
      return issue.format === 'url'
        ? hostText('validation.url')
        : hostText('validation.format', { format: issue.format });
    case 'invalid_type':
      return hostText('validation.type', { expected: issue.expected });
    case 'invalid_value':
      return hostText('validation.choice');
    case 'unrecognized_keys':
      return hostText('validation.unknownKey', { key: issue.keys.join(', ') });
    default:
      return hostText('validation.invalid');
  }
}
