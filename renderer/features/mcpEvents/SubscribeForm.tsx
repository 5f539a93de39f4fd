import { useEffect, useMemo, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { EventAction } from '../../../shared/domain/mcpEvents';
import { useErrorText } from '../../i18n/hostText';
import { useEventsStore, useServersStore } from '../../stores/StoresContext';
import { ArgumentsFields, argumentsFrom, simpleProperties } from './ArgumentsFields';

const PLACEHOLDER = '{{event}}';

/** Subscribes a conversation to one event type of a running server. */
export function SubscribeForm({
  conversationId,
  onDone,
}: {
  conversationId: string;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const allServers = useServersStore((s) => s.servers);
  const servers = useMemo(() => allServers.filter((v) => v.status.kind === 'ready'), [allServers]);
  const loadTypes = useEventsStore((s) => s.loadTypes);
  const subscribe = useEventsStore((s) => s.subscribe);
  const [server, setServer] = useState('');
  const types = useEventsStore((s) => (server ? s.types[server] : undefined));
  const [typeName, setTypeName] = useState('');
  const [values, setValues] = useState<Record<string, string>>({});
  const [json, setJson] = useState('{}');
  const [action, setAction] = useState<EventAction>('show');
  const [template, setTemplate] = useState(() =>
    t('mcpEvents.templateDefault', { event: PLACEHOLDER }),
  );
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (server) void loadTypes(server);
  }, [server, loadTypes]);

  const list = types?.state === 'ready' ? types.value : [];
  const type = list.find((x) => x.name === typeName);
  const properties = simpleProperties(type?.inputSchema);
  const usable = (modes: readonly string[]) => modes.includes('push') || modes.includes('poll');

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    if (!type) return;
    let args: Record<string, unknown>;
    try {
      args = properties ? argumentsFrom(properties, values) : parseObject(json);
    } catch {
      setError(t('mcpEvents.argumentsInvalid'));
      return;
    }
    setBusy(true);
    setError(null);
    const result = await subscribe({
      server,
      type: type.name,
      arguments: args,
      conversationId,
      action,
      ...(action === 'turn' ? { template } : {}),
    });
    setBusy(false);
    if (result.ok) onDone();
    else setError(t('mcpEvents.failed', { message: errorText(result.error) }));
  };

  return (
    <form
      className="event-form card"
      onSubmit={(e) => void submit(e)}
      aria-label={t('mcpEvents.subscribeTitle')}
      data-testid="event-subscribe-form"
    >
      <h3 className="card__title">{t('mcpEvents.subscribeTitle')}</h3>
      <p className="field__help">{t('mcpEvents.webhookNote')}</p>
      {servers.length === 0 ? (
        <p className="muted">{t('mcpEvents.noServers')}</p>
      ) : (
        <label className="field">
          <span className="field__label">{t('mcpEvents.server')}</span>
          <select
            className="input select"
            value={server}
            onChange={(e) => {
              setServer(e.target.value);
              setTypeName('');
            }}
            data-testid="event-server"
          >
            <option value="">{t('mcpEvents.chooseServer')}</option>
            {servers.map((s) => (
              <option key={s.name} value={s.name}>
                {s.name}
              </option>
            ))}
          </select>
        </label>
      )}
      {types?.state === 'loading' && <p className="muted">{t('mcpEvents.loadingTypes')}</p>}
      {types?.state === 'failed' && (
        <p className="field__error" role="alert">
          {t('mcpEvents.typesFailed', { message: errorText(types.error) })}
        </p>
      )}
      {types?.state === 'ready' && list.length === 0 && (
        <p className="muted">{t('mcpEvents.noTypes')}</p>
      )}
      {list.length > 0 && (
        <label className="field">
          <span className="field__label">{t('mcpEvents.type')}</span>
          <select
            className="input select"
            value={typeName}
            onChange={(e) => {
              setTypeName(e.target.value);
              setValues({});
            }}
            data-testid="event-type"
          >
            <option value="">{t('mcpEvents.chooseType')}</option>
            {list.map((x) => (
              <option key={x.name} value={x.name} disabled={!usable(x.delivery)}>
                {usable(x.delivery) ? x.name : `${x.name} — ${t('mcpEvents.webhookOnly')}`}
              </option>
            ))}
          </select>
          {type && (
            <span className="field__help">
              {type.description ? `${type.description} ` : ''}
              {t('mcpEvents.delivery', {
                modes: type.delivery.map((m) => t(`mcpEvents.deliveryMode.${m}`)).join(', '),
              })}
            </span>
          )}
        </label>
      )}
      {type && properties && (
        <ArgumentsFields properties={properties} values={values} onChange={setValues} />
      )}
      {type && !properties && (
        <label className="field">
          <span className="field__label">{t('mcpEvents.argumentsJson')}</span>
          <textarea
            className="input textarea"
            rows={3}
            value={json}
            onChange={(e) => setJson(e.target.value)}
          />
        </label>
      )}
      {type && (
        <fieldset className="event-form__action">
          <legend>{t('mcpEvents.action')}</legend>
          <label className="radio">
            <input
              type="radio"
              name="event-action"
              checked={action === 'show'}
              onChange={() => setAction('show')}
            />
            {t('mcpEvents.actionShow')}
          </label>
          <label className="radio">
            <input
              type="radio"
              name="event-action"
              checked={action === 'turn'}
              onChange={() => setAction('turn')}
              data-testid="event-action-turn"
            />
            {t('mcpEvents.actionTurn')}
          </label>
          {action === 'turn' && (
            <label className="field">
              <span className="field__label">{t('mcpEvents.template')}</span>
              <textarea
                className="input textarea"
                rows={4}
                value={template}
                onChange={(e) => setTemplate(e.target.value)}
                data-testid="event-template"
              />
              <span className="field__help">
                {t('mcpEvents.templateHelp', { event: PLACEHOLDER })}
              </span>
            </label>
          )}
        </fieldset>
      )}
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
      <div className="event-form__buttons">
        <button type="button" className="button" onClick={onDone}>
          {t('mcpEvents.cancel')}
        </button>
        <button
          type="submit"
          className="button button--primary"
          disabled={!type || busy}
          data-testid="event-subscribe-submit"
        >
          {t('mcpEvents.submit')}
        </button>
      </div>
    </form>
  );
}

function parseObject(text: string): Record<string, unknown> {
  const value: unknown = JSON.parse(text);
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new Error('not an object');
  return value as Record<string, unknown>;
}
