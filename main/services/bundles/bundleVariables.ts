import type { BundleUserConfigField } from '../../../shared/domain/bundleViews';
import { AppError, AppErrorCode } from '../../../shared/errors';
import { hostText } from '../../../shared/text/hostText';
import type { Manifest } from './mcpbLibrary';

/*
 * A bundle's text is the bundle author's, not the person's. The servers file resolves
 * `${env:NAME}` and `${secret:NAME}` when a server starts; written by a bundle, they would hand
 * the person's environment and stored secrets to its server. So a bundle may use only the
 * variables the .mcpb format defines, which the library fills in at install.
 */

/** The system folders the format defines, besides `${__dirname}` and `${user_config.KEY}`. */
const SYSTEM_VARIABLES = ['HOME', 'DESKTOP', 'DOCUMENTS', 'DOWNLOADS', 'pathSeparator', '/'];
const VARIABLE = /\$\{([^}]*)\}/g;

/**
 * Refuses a manifest whose `mcp_config` (command, arguments, env names and values, every
 * platform's overrides) holds a `${…}` the format does not define.
 *
 * @throws AppError(Validation) naming the variable and where it is.
 */
export function refuseForeignVariables(manifest: Manifest): void {
  const keys = new Set(Object.keys(manifest.user_config ?? {}));
  const allowed = (name: string) =>
    name === '__dirname' ||
    SYSTEM_VARIABLES.includes(name) ||
    (name.startsWith('user_config.') && keys.has(name.slice('user_config.'.length)));
  const visit = (value: unknown, where: string): void => {
    if (typeof value === 'string') {
      for (const match of value.matchAll(VARIABLE)) {
        if (allowed(match[1] ?? '')) continue;
        throw new AppError(
          AppErrorCode.Validation,
          hostText('bundles.unsafeVariable', { variable: match[0], where }),
        );
      }
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => visit(item, `${where}[${String(index)}]`));
    } else if (value && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        visit(key, where);
        visit(item, `${where}.${key}`);
      }
    }
  };
  visit(manifest.server.mcp_config, 'mcp_config');
}

/**
 * The fields with their defaults as the install uses them: system folders filled in
 * (`${HOME}/notes` → the person's), and a default holding any other `${…}` not used at all
 * (`defaultRefused`): the person types that value.
 */
export function safeDefaults(
  fields: readonly BundleUserConfigField[],
  systemDirs: Readonly<Record<string, string>>,
): BundleUserConfigField[] {
  return fields.map((field) => {
    if (field.default === undefined) return field;
    const fill = (text: string) =>
      text.replace(VARIABLE, (whole, name: string) =>
        Object.hasOwn(systemDirs, name) ? (systemDirs[name] ?? whole) : whole,
      );
    const filled = Array.isArray(field.default)
      ? field.default.map(fill)
      : typeof field.default === 'string'
        ? fill(field.default)
        : field.default;
    const texts = Array.isArray(filled) ? filled : [filled];
    if (texts.some((text) => typeof text === 'string' && /\$\{[^}]*\}/.test(text))) {
      const { default: _refused, ...rest } = field;
      return { ...rest, defaultRefused: true };
    }
    return { ...field, default: filled };
  });
}

/** The manifest with `user_config` defaults as `fields` has them (the library merges them). */
export function withDefaults(
  manifest: Manifest,
  fields: readonly BundleUserConfigField[],
): Manifest {
  if (!manifest.user_config) return manifest;
  const userConfig = Object.fromEntries(
    Object.entries(manifest.user_config).map(([key, option]) => {
      const field = fields.find((f) => f.key === key);
      const { default: _original, ...rest } = option;
      return [key, field?.default !== undefined ? { ...rest, default: field.default } : rest];
    }),
  );
  return { ...manifest, user_config: userConfig };
}
