import type { PinChange, PinnedField } from '../../../shared/domain/approvals';
import { diffJson } from './diffJson';
import { pinHash, type PinnableTool, type ToolPin } from './pinTool';

/** Most schema paths one change carries; the rest are counted, not listed. */
export const MAX_SCHEMA_CHANGES = 100;

/**
 * What differs between the definition a person approved (`pin`, approved at `pinnedAt`) and the
 * tool as the server lists it now; `undefined` when the pin still holds. The hash decides; the
 * field-by-field comparison only explains.
 */
export function diffPin(
  pin: ToolPin,
  pinnedAt: number,
  current: PinnableTool,
): PinChange | undefined {
  if (pin.hash === pinHash(current)) return undefined;
  const changed: PinnedField[] = [];
  if (pin.name !== current.name) changed.push('name');
  if ((pin.description ?? '') !== (current.description ?? '')) changed.push('description');
  const schemaChanges = diffJson(pin.inputSchema, current.inputSchema);
  if (schemaChanges.length > 0) changed.push('inputSchema');
  // A hash mismatch nothing visible explains (a pin written by an older hashing rule) still
  // suspends: failing closed costs one question, failing open could hide a change.
  if (changed.length === 0) changed.push('inputSchema');
  const change: PinChange = {
    changed,
    name: { before: pin.name, after: current.name },
    description: {},
    inputSchema: schemaChanges.slice(0, MAX_SCHEMA_CHANGES),
    omittedSchemaChanges: Math.max(0, schemaChanges.length - MAX_SCHEMA_CHANGES),
    pinnedAt,
  };
  if (pin.description !== undefined) change.description.before = pin.description;
  if (current.description !== undefined) change.description.after = current.description;
  return change;
}
