import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResourceTemplateView } from '../../../shared/domain/mcpViews';
import { useContextStore } from '../../stores/StoresContext';
import { completionContext, filledArguments, templateFields } from './argumentForm';
import { ArgumentFormPanel } from './ArgumentFormPanel';
import { useErrorText } from '../../i18n/hostText';

interface TemplateFormPanelProps {
  server: string;
  template: ResourceTemplateView;
  /** The expanded URI, to attach like any listed resource. */
  onResolved: (uri: string, name: string) => void;
  onCancel: () => void;
}

/** A resource template's variables, with the server's completions; main expands the URI. */
export function TemplateFormPanel({
  server,
  template,
  onResolved,
  onCancel,
}: TemplateFormPanelProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const complete = useContextStore((s) => s.complete);
  const resolveTemplate = useContextStore((s) => s.resolveTemplate);
  const fields = useMemo(() => templateFields(template.uriTemplate), [template.uriTemplate]);
  const title = template.title ?? template.name;

  return (
    <ArgumentFormPanel
      kind="template"
      title={title}
      server={server}
      detail={template.uriTemplate}
      {...(template.description !== undefined ? { description: template.description } : {})}
      fields={fields}
      suggest={(name, value, values) =>
        complete(
          server,
          { type: 'ref/resource', uri: template.uriTemplate },
          { name, value },
          completionContext(fields, values, name),
        )
      }
      submitLabel={t('context.form.attach')}
      onSubmit={async (values) => {
        const args = filledArguments(fields, values);
        const result = await resolveTemplate(server, template.uriTemplate, args);
        if (!result.ok)
          return t('context.form.resolveFailed', { message: errorText(result.error) });
        const shown = Object.values(args).join(', ');
        onResolved(result.value, shown ? `${title} (${shown})` : title);
        return null;
      }}
      onCancel={onCancel}
    />
  );
}
