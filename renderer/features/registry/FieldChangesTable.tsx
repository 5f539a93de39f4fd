import { useTranslation } from 'react-i18next';
import type { FieldChange } from '../../../shared/domain/registryReview';

interface FieldChangesTableProps {
  changes: readonly FieldChange[];
  /** Headings of the two sides (the listing and the version document, or reviewed and now). */
  before: string;
  after: string;
}

/** Every field that differs between two documents, its value on each side (JSON). */
export function FieldChangesTable({ changes, before, after }: FieldChangesTableProps) {
  const { t } = useTranslation();
  return (
    <table className="review-table field-changes" data-testid="registry-review-changes">
      <thead>
        <tr>
          <th scope="col">{t('registry.field')}</th>
          <th scope="col">{before}</th>
          <th scope="col">{after}</th>
        </tr>
      </thead>
      <tbody>
        {changes.map((change) => (
          <tr key={change.path}>
            <td>
              <code>{change.path}</code>
            </td>
            <td className="field-changes__before">
              <code>{change.before ?? t('registry.absent')}</code>
            </td>
            <td className="field-changes__after">
              <code>{change.after ?? t('registry.absent')}</code>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
