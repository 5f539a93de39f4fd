import { ChevronDown, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ProviderKeySource, ProviderView } from '../../../shared/domain/providers';
import { ProviderDetails } from './ProviderDetails';

const KEY_STATUS: Record<
  ProviderKeySource,
  'none' | 'stored' | 'environment' | 'notNeeded' | 'otherOrigin'
> = {
  none: 'none',
  'secret-store': 'stored',
  environment: 'environment',
  'not-needed': 'notNeeded',
  'other-origin': 'otherOrigin',
};

const ORIGIN: Record<ProviderView['origin'], 'builtIn' | 'environment' | 'added'> = {
  'built-in': 'builtIn',
  environment: 'environment',
  added: 'added',
};

/** One provider: its name, wire, where it comes from and its key state; opens to its details. */
export function ProviderRow({
  provider,
  open,
  onToggle,
}: {
  provider: ProviderView;
  open: boolean;
  onToggle: () => void;
}) {
  const { t } = useTranslation();
  const detailsId = `provider-${provider.id}-details`;
  const keyState = KEY_STATUS[provider.keySource];
  return (
    <li className="provider" data-testid={`provider-${provider.id}`}>
      <button
        type="button"
        className="provider__head"
        aria-expanded={open}
        aria-controls={detailsId}
        onClick={onToggle}
      >
        <span className="provider__chevron" aria-hidden="true">
          {open ? <ChevronDown size={14} /> : <ChevronRight size={14} />}
        </span>
        <span className="provider__name">{provider.name}</span>
        <span className="provider__meta muted">
          {t(`providers.kinds.${provider.kind === 'anthropic' ? 'anthropic' : 'openaiCompatible'}`)}
          {' · '}
          {t(`providers.origins.${ORIGIN[provider.origin]}`)}
        </span>
        <span
          className={`chip ${keyState === 'none' || keyState === 'otherOrigin' ? 'chip--warn' : 'chip--ok'} provider__key`}
          data-testid="provider-key-chip"
        >
          {t(`providers.keyStatus.${keyState}`)}
        </span>
      </button>
      {open && <ProviderDetails id={detailsId} provider={provider} />}
    </li>
  );
}
