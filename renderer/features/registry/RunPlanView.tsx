import { useTranslation } from 'react-i18next';
import type { PlanValue, RunPlan } from '../../../shared/domain/registryReview';
import { useErrorText } from '../../i18n/hostText';

interface RunPlanViewProps {
  plan: RunPlan;
  /** The person's answers by input id, shown in place of the review's placeholders. */
  values: Readonly<Record<string, string>>;
  /** Docker arguments the person typed (OCI), shown where they go. */
  extraArguments: readonly string[];
}

/**
 * Everything an install option runs or sends: the whole command line, then each part (the
 * command, every argument, every variable, the URL, every header) with where it comes from.
 */
export function RunPlanView({ plan, values, extraArguments }: RunPlanViewProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const shown = (value: PlanValue): PlanValue => {
    const typed = value.inputId !== undefined ? values[value.inputId] : undefined;
    // A secret's value stays in its field; the plan says where it goes.
    if (typed === undefined || typed === '' || value.source === 'secret') return value;
    if (value.source !== 'you' && value.source !== 'default') return value;
    return { ...value, text: typed, source: 'you' };
  };
  const args = withExtra(plan, extraArguments).map(shown);
  const rows: { part: string; value: PlanValue }[] = [
    ...(plan.command ? [{ part: t('registry.command'), value: plan.command }] : []),
    ...args.map((value, i) => ({ part: t('registry.argument', { index: i + 1 }), value })),
    ...plan.env.map(({ name, value }) => ({
      part: t('registry.envVar', { name }),
      value: shown(value),
    })),
    ...(plan.url ? [{ part: t('registry.url'), value: shown(plan.url) }] : []),
    ...plan.headers.map(({ name, value }) => ({
      part: t('registry.header', { name }),
      value: shown(value),
    })),
  ];
  const line = plan.command
    ? [plan.command.text, ...args.map((a) => a.text)].join(' ')
    : plan.url
      ? shown(plan.url).text
      : '';
  return (
    <section className="run-plan" data-testid="registry-review-plan">
      <h3 className="run-plan__title">
        {plan.command ? t('registry.willRun') : t('registry.willConnect')}
      </h3>
      <code className="run-plan__line" data-testid="registry-review-line">
        {line}
      </code>
      <table className="review-table">
        <thead>
          <tr>
            <th scope="col">{t('registry.part')}</th>
            <th scope="col">{t('registry.value')}</th>
            <th scope="col">{t('registry.from')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(({ part, value }, i) => (
            <tr key={`${part}-${i}`} data-source={value.source}>
              <th scope="row" className="review-table__part">
                {part}
              </th>
              <td>
                <code>{value.text}</code>
              </td>
              <td className={`review-table__source review-table__source--${value.source}`}>
                {t(`registry.sources.${value.source}`)}
                {value.optional && <span className="muted"> · {t('registry.leftOut')}</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {plan.refused ? (
        <p className="field__error" role="alert" data-testid="registry-review-refused">
          {t('registry.refused', {
            reason: errorText({ message: plan.refused, text: plan.refusedText }),
          })}
        </p>
      ) : (
        <p className="field__help">{t('registry.nothingElse')}</p>
      )}
    </section>
  );
}

/** The plan's arguments with the person's docker arguments where install puts them. */
function withExtra(plan: RunPlan, extra: readonly string[]): PlanValue[] {
  if (extra.length === 0 || plan.command?.text !== 'docker') return plan.args;
  // After `run -i --rm`, the runner's own three words.
  const at = 3;
  const typed = extra.map((text): PlanValue => ({ text, source: 'you' }));
  return [...plan.args.slice(0, at), ...typed, ...plan.args.slice(at)];
}
