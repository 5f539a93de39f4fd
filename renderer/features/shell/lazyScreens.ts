import { lazy } from 'react';

/*
 * Screens other than the chat and home load when first opened: the first page a person sees is
 * the composer, and it should not wait for the servers file's editor (CodeMirror), the registry,
 * bundles, settings or tasks. Each import is its own chunk, fetched on the first visit only.
 */

/** The servers file in CodeMirror. */
export const ConfigEditorScreen = lazy(async () => ({
  default: (await import('../config/ConfigEditorScreen')).ConfigEditorScreen,
}));
/** One server's tools, prompts, resources and log. */
export const ServerDetailScreen = lazy(async () => ({
  default: (await import('../servers/ServerDetailScreen')).ServerDetailScreen,
}));
/** Adding or editing a server. */
export const ServerFormScreen = lazy(async () => ({
  default: (await import('../serverForm/ServerFormScreen')).ServerFormScreen,
}));
/** The MCP registry. */
export const RegistryScreen = lazy(async () => ({
  default: (await import('../registry/RegistryScreen')).RegistryScreen,
}));
/** Installing a bundle. */
export const BundleScreen = lazy(async () => ({
  default: (await import('../bundles/BundleScreen')).BundleScreen,
}));
/** Every server's state and what it costs. */
export const ServersScreen = lazy(async () => ({
  default: (await import('../servers/ServersScreen')).ServersScreen,
}));
/** Settings. */
export const SettingsScreen = lazy(async () => ({
  default: (await import('../settings/SettingsScreen')).SettingsScreen,
}));
/** Tasks. */
export const TasksScreen = lazy(async () => ({
  default: (await import('../tasks/TasksScreen')).TasksScreen,
}));
