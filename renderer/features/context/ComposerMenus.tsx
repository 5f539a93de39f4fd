import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../servers/formatters';
import { optionId, PickMenu } from './PickMenu';
import { PromptFormPanel } from './PromptFormPanel';
import { TemplateFormPanel } from './TemplateFormPanel';
import type { ComposerMenus as Menus } from './useComposerMenus';
import { useErrorText } from '../../i18n/hostText';

/** The listbox id of the composer's menu (the text box points at it while it is open). */
export const MENU_ID = 'composer-menu';

/** The active option's id, for the text box's `aria-activedescendant`. */
export function activeOptionId(menus: Menus): string | undefined {
  return menus.list && menus.rows.some((r) => r.kind === 'entry')
    ? optionId(MENU_ID, menus.activeIndex)
    : undefined;
}

/** Whatever floats over the composer: the picker, the prompt menu, a form, a size warning. */
export function ComposerMenus({ menus }: { menus: Menus }) {
  const { t } = useTranslation();
  const { attachFlow, panel } = menus;
  const step = attachFlow.step;

  let content: ReactNode = null;
  if (step?.kind === 'reading') {
    content = (
      <p className="context-popover__status" role="status">
        {t('context.reading', { name: step.name })}
      </p>
    );
  } else if (step?.kind === 'large') {
    content = (
      <div
        className="context-large"
        role="alertdialog"
        aria-labelledby="large-title"
        aria-describedby="large-body"
        data-testid="large-warning"
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.preventDefault();
            e.stopPropagation();
            attachFlow.cancel();
          }
        }}
      >
        <h3 id="large-title" className="context-form__title">
          {t('context.large.title')}
        </h3>
        <p id="large-body" className="context-large__body">
          {t('context.large.body', { name: step.item.name, size: formatBytes(step.size) })}
        </p>
        <div className="context-form__actions">
          {/* Focus starts on the safe choice. */}
          <button
            type="button"
            className="button button--small"
            autoFocus
            onClick={attachFlow.cancel}
          >
            {t('context.large.cancel')}
          </button>
          <button
            type="button"
            className="button button--small button--primary"
            onClick={attachFlow.confirm}
            data-testid="large-confirm"
          >
            {t('context.large.confirm')}
          </button>
        </div>
      </div>
    );
  } else if (panel?.kind === 'template') {
    content = (
      <TemplateFormPanel
        key={`${panel.server}\n${panel.template.uriTemplate}`}
        server={panel.server}
        template={panel.template}
        onResolved={(uri, name) => {
          menus.closePanel();
          void attachFlow.start(panel.server, {
            uri,
            name,
            ...(panel.template.mimeType !== undefined ? { mimeType: panel.template.mimeType } : {}),
          });
        }}
        onCancel={() => menus.closePanel()}
      />
    );
  } else if (panel?.kind === 'prompt') {
    content = (
      <PromptFormPanel
        key={`${panel.server}\n${panel.prompt.name}`}
        server={panel.server}
        prompt={panel.prompt}
        onInsert={(insertion) => menus.insertPrompt(panel.server, insertion)}
        onCancel={() => menus.closePanel()}
      />
    );
  } else if (menus.list) {
    content = <ListPanel menus={menus} />;
  }

  return (
    <>
      {attachFlow.problem && (
        <p className="composer-chips__refusal" role="alert">
          {attachFlow.problem}
          <button
            type="button"
            className="button button--small button--quiet"
            onClick={attachFlow.dismissProblem}
          >
            {t('chat.dismiss')}
          </button>
        </p>
      )}
      {content && (
        <div className="context-popover" data-testid="context-popover">
          {content}
        </div>
      )}
    </>
  );
}

function ListPanel({ menus }: { menus: Menus }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const prompts = menus.list === 'prompts';
  const searching = menus.query.trim() !== '';
  const empty = menus.loading
    ? t('context.loading')
    : menus.listError
      ? t('context.listFailed', { message: errorText(menus.listError) })
      : searching
        ? t(prompts ? 'context.promptsEmpty' : 'context.pickerEmpty', { query: menus.query })
        : t(prompts ? 'context.promptsNone' : 'context.pickerNone');
  return (
    <div className="pick-menu" data-testid={prompts ? 'prompt-menu' : 'resource-picker'}>
      {menus.via === 'button' && (
        <input
          className="input pick-menu__search"
          aria-label={t('context.pickerSearch')}
          placeholder={t('context.pickerSearchPlaceholder')}
          role="combobox"
          aria-expanded="true"
          aria-controls={MENU_ID}
          aria-activedescendant={activeOptionId(menus)}
          autoFocus
          value={menus.pickerQuery}
          onChange={(e) => menus.setPickerQuery(e.target.value)}
          onKeyDown={(e) => {
            // Enter with nothing to pick must not submit the composer's form (and send).
            if (!menus.listKeys(e) && e.key === 'Enter') e.preventDefault();
          }}
          data-testid="picker-search"
        />
      )}
      <PickMenu
        id={MENU_ID}
        label={t(prompts ? 'context.promptsLabel' : 'context.pickerLabel')}
        rows={menus.rows}
        active={menus.activeIndex}
        onActive={menus.setActiveIndex}
        onPick={menus.pick}
        empty={empty}
      />
      <p className="pick-menu__help" aria-hidden="true">
        {t(prompts ? 'context.promptsHelp' : 'context.pickerHelp')}
      </p>
    </div>
  );
}
