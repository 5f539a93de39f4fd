import { useTranslation } from 'react-i18next';
import type { BundleView } from '../../../shared/domain/bundleViews';
import { useErrorText } from '../../i18n/hostText';

/** Product names, the same in every language. */
const RUNTIME_NAMES = { node: 'Node.js', python: 'Python', uv: 'uv', binary: '' } as const;

const SIGNATURE_TONE = {
  signed: 'ok',
  'self-signed': 'attention',
  unsigned: 'off',
  untrusted: 'error',
} as const;

/** Who made the bundle, whether that is verified, what it offers and what it runs with. */
export function BundleSummary({
  bundle,
  fileName,
}: {
  bundle: BundleView;
  /** A dropped file's own name (its bytes wait in staging, a path that says nothing). */
  fileName?: string;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { signature, runtime } = bundle;
  return (
    <article className="card bundle-card" data-testid="bundle-summary">
      <div className="registry-card__top">
        <div className="registry-card__title">
          <h2 className="card__title">{bundle.displayName ?? bundle.name}</h2>
          <span className="muted">
            {t('bundles.byAuthor', { author: bundle.author.name })}
            {bundle.author.email ? ` <${bundle.author.email}>` : ''}
          </span>
        </div>
        <span className="badge">{bundle.version}</span>
        <span
          className={`status-badge status-badge--${SIGNATURE_TONE[signature.state]}`}
          data-testid="bundle-signature"
        >
          {t(`bundles.signature.${signature.state}`)}
        </span>
      </div>
      <p className="registry-card__description">{bundle.description}</p>
      <p className="field__help">
        {t(`bundles.signatureHelp.${signature.state}`, {
          publisher: signature.publisher ?? '',
          issuer: signature.issuer ?? '',
        })}
      </p>
      <p
        className={runtime.found ? 'field__help' : 'field__error'}
        role={runtime.found ? undefined : 'alert'}
        data-testid="bundle-runtime"
      >
        {runtime.found
          ? runtime.path
            ? errorText(runtime)
            : t('bundles.runtimeOwn')
          : `${t('bundles.runtimeMissing', { runtime: RUNTIME_NAMES[runtime.type] })} ${errorText(runtime)}`}
      </p>
      {bundle.platformProblem && (
        <p className="field__error" role="alert">
          {errorText({ message: bundle.platformProblem, text: bundle.platformProblemText })}
        </p>
      )}
      <div className="bundle-card__lists">
        <section>
          <h3 className="bundle-card__heading">
            {t('bundles.tools', { count: bundle.tools.length })}
          </h3>
          <ul>
            {bundle.tools.map((tool) => (
              <li key={tool.name}>
                <code>{tool.name}</code>
                {tool.description && <span className="muted"> — {tool.description}</span>}
              </li>
            ))}
          </ul>
        </section>
        <section>
          <h3 className="bundle-card__heading">
            {t('bundles.prompts', { count: bundle.prompts.length })}
          </h3>
          <ul>
            {bundle.prompts.map((prompt) => (
              <li key={prompt.name}>
                <code>{prompt.name}</code>
                {prompt.description && <span className="muted"> — {prompt.description}</span>}
              </li>
            ))}
          </ul>
        </section>
      </div>
      <p className="field__help">
        {t('bundles.manifest', { version: bundle.manifestVersion, path: fileName ?? bundle.path })}
      </p>
      <p className="field__help bundle-card__digest" data-testid="bundle-digest">
        {t('bundles.digest', { digest: bundle.digest.replace(/^sha256:/, '') })}
      </p>
    </article>
  );
}
