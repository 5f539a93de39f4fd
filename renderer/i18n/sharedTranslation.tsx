import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { getI18n, I18nContext, useTranslation } from 'react-i18next';
import type { i18n as I18n, TFunction } from 'i18next';

/** What the list's rows need of the translation: the function and the instance (its language). */
export interface SharedTranslation {
  t: TFunction;
  i18n: I18n;
}

const Shared = createContext<SharedTranslation | null>(null);

/**
 * One `useTranslation` for everything below it, handed down by context. `useTranslation` sets
 * up a copy of the i18next instance for every component that mounts: a conversation scrolled
 * fast mounts rows by the dozen, and that copying was a good part of each one. A language
 * change gives a new value here, so everything using {@link useSharedTranslation} renders again.
 */
export function SharedTranslationProvider({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation();
  const value = useMemo(() => ({ t, i18n }), [t, i18n]);
  return <Shared.Provider value={value}>{children}</Shared.Provider>;
}

/** Bound `t` of instances used without the provider (tests rendering parts on their own). */
const bound = new WeakMap<I18n, SharedTranslation>();

/**
 * `useTranslation()`'s `t` and `i18n` for components mounted many at a time (the message
 * list's rows): from {@link SharedTranslationProvider}, else straight from the i18next instance.
 */
export function useSharedTranslation(): SharedTranslation {
  const shared = useContext(Shared);
  const context = useContext(I18nContext) as { i18n?: I18n } | undefined;
  if (shared) return shared;
  const i18n = context?.i18n ?? getI18n();
  let known = bound.get(i18n);
  if (!known) {
    known = { t: i18n.t.bind(i18n), i18n };
    bound.set(i18n, known);
  }
  return known;
}
