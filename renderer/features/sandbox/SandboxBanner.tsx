import { ShieldAlert } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSandboxStore } from '../../stores/StoresContext';

/**
 * Above a sandboxed server's tabs while it has refused attempts: how many, and one click to
 * the list (where each can be allowed).
 */
export function SandboxBanner({ server, onShow }: { server: string; onShow: () => void }) {
  const { t } = useTranslation();
  const detail = useSandboxStore((s) => s.byServer[server]);
  const load = useSandboxStore((s) => s.load);
  useEffect(() => {
    void load(server);
  }, [load, server]);
  const violations = detail?.state === 'ready' ? detail.value.violations : [];
  if (violations.length === 0) return null;
  const count = violations.reduce((sum, v) => sum + v.count, 0);
  const latest = violations[0];
  return (
    <div className="notice notice--warn sandbox-banner" role="status" data-testid="sandbox-banner">
      <ShieldAlert aria-hidden />
      <span className="sandbox-banner__text">
        {t('sandbox.banner', { count })}
        {latest && (
          <>
            {' — '}
            <code>
              {t('sandbox.blocked', {
                kind: t(`sandbox.kinds.${latest.kind}`),
                target: latest.target,
              })}
            </code>
          </>
        )}
      </span>
      <button type="button" className="button button--small" onClick={onShow}>
        {t('sandbox.show')}
      </button>
    </div>
  );
}
