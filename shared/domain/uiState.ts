import { z } from 'zod';

/**
 * How the window was left, kept by main so every shell (the web shell's origin changes with
 * its port) opens where the person was: the last conversation and the sidebar's state.
 */
export const uiStateSchema = z.object({
  /** The conversation open last; restored on a start without an address. */
  lastConversationId: z.string().min(1).max(200).optional(),
  sidebarCollapsed: z.boolean().optional(),
  /** The sidebar's servers folded to their summary line. */
  serversCollapsed: z.boolean().optional(),
});
export type UiState = z.infer<typeof uiStateSchema>;

/** A change: `lastConversationId: null` forgets it. */
export const uiStatePatchSchema = z
  .object({
    lastConversationId: z.string().min(1).max(200).nullable(),
    sidebarCollapsed: z.boolean(),
    serversCollapsed: z.boolean(),
  })
  .partial()
  .strict();
export type UiStatePatch = z.infer<typeof uiStatePatchSchema>;
