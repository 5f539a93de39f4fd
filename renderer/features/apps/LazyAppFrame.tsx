import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppFrameHostProps } from './AppFrameHost';

const load = () => import('./AppFrameHost');
const Host = lazy(async () => ({ default: (await load()).AppFrameHost }));

/**
 * An App frame, loaded on first use: the bridge (the extension's SDK) stays out of the first
 * frame of the app, which most sessions never need it for.
 */
export function AppFrame(props: AppFrameHostProps) {
  const { t } = useTranslation();
  return (
    <Suspense
      fallback={
        <p className="app-frame__loading muted" role="status">
          {t('apps.loading', { name: props.label })}
        </p>
      }
    >
      <Host {...props} />
    </Suspense>
  );
}
