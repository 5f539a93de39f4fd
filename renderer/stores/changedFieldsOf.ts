import { z } from 'zod';
import { fieldChangeSchema, type FieldChange } from '../../shared/domain/registryReview';
import { AppError } from '../../shared/errors';

// Loaded when main first refuses an install (it checks with a schema; the window's start-up
// builds none).

const changesData = z.object({ changes: z.array(fieldChangeSchema) });

/** The fields a refused registry install names as changed since the review, if it names any. */
export function changedFieldsOf(error: unknown): FieldChange[] | undefined {
  const data = changesData.safeParse(error instanceof AppError ? error.data : undefined);
  return data.success ? data.data.changes : undefined;
}
