import type { TFunction } from 'i18next';
import type { FieldIssue } from './elicitationForm';

/** The message shown next to a field for a problem with its value. */
export function fieldIssueText(t: TFunction, issue: FieldIssue): string {
  return 'limit' in issue
    ? t(`interactions.form.issues.${issue.code}`, { limit: issue.limit, count: issue.limit })
    : t(`interactions.form.issues.${issue.code}`);
}
