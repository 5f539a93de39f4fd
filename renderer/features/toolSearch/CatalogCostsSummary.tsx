import { useTranslation } from 'react-i18next';
import { formatCount } from '../../components/formatTime';
import { formatTokens } from './formatTokens';
import { useCatalogCosts } from './useCatalogCosts';

/** Under the servers list: what all enabled tool definitions cost, and how requests carry them. */
export function CatalogCostsSummary() {
  const { t, i18n } = useTranslation();
  const costs = useCatalogCosts();
  if (!costs || costs.total.tools === 0) return null;
  const tokens = (value: number): string => formatTokens(value, i18n.language);
  const { plan } = costs;
  const planText =
    plan.loading === 'all'
      ? t('toolSearch.planAll')
      : t(plan.loading === 'api-search' ? 'toolSearch.planApiSearch' : 'toolSearch.planSearch', {
          tokens: tokens(plan.sentTokens),
          count: plan.sentTools,
        });
  return (
    <div className="catalog-costs" data-testid="catalog-costs">
      <p className="catalog-costs__total">
        <span className="catalog-costs__heading">{t('toolSearch.totalHeading')}</span>{' '}
        {t('toolSearch.total', {
          count: costs.total.tools,
          total: formatCount(costs.total.tools, i18n.language),
          tokens: tokens(costs.total.tokens),
        })}
      </p>
      <p className="catalog-costs__plan" data-testid="catalog-plan" data-loading={plan.loading}>
        {planText}
      </p>
    </div>
  );
}
