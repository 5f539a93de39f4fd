import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LARGE_ATTACHMENT_BYTES } from '../../../shared/domain/attachmentLimits';
import type { ResourcePreview } from '../../stores/contextStore';
import { resourceDraft, type DraftAttachment } from '../../stores/draftAttachments';
import { useContextStore } from '../../stores/StoresContext';
import { base64Bytes } from '../servers/contentBlocks';
import { useErrorText } from '../../i18n/hostText';

/** What attaching a resource is waiting for: its size, or the person's go-ahead. */
export type AttachStep =
  { kind: 'reading'; name: string } | { kind: 'large'; item: DraftAttachment; size: number };

/** Decoded bytes of a read, when main did not say (an older main, or none). */
export function readBytes(read: ResourcePreview): number {
  if (read.totalBytes !== undefined) return read.totalBytes;
  return read.contents.reduce<number>((sum, c) => {
    if (typeof c.text === 'string') return sum + new TextEncoder().encode(c.text).length;
    if (typeof c.blob === 'string') return sum + base64Bytes(c.blob);
    return sum;
  }, 0);
}

/**
 * Attaching a resource: its size comes from the listing, or from reading it (which also
 * proves it can be read); anything above LARGE_ATTACHMENT_BYTES waits for a confirmation.
 * `done` runs when the flow ends, attached or not (the composer takes focus back).
 */
export function useAttachFlow(done: () => void) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const attach = useContextStore((s) => s.attach);
  const preview = useContextStore((s) => s.preview);
  const draft = useContextStore((s) => s.draft);
  const [step, setStep] = useState<AttachStep | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // A read the person walked away from must not come back as a dialog.
  const flow = useRef(0);

  const finish = useCallback(
    (item: DraftAttachment | null) => {
      flow.current++;
      setStep(null);
      if (item) attach([item]);
      done();
    },
    [attach, done],
  );

  const start = useCallback(
    async (
      server: string,
      resource: { uri: string; name: string; title?: string; mimeType?: string; size?: number },
    ): Promise<void> => {
      const id = ++flow.current;
      setProblem(null);
      const base = resourceDraft(server, resource, Date.now());
      const decide = (item: DraftAttachment, size: number): void => {
        if (size > LARGE_ATTACHMENT_BYTES) setStep({ kind: 'large', item, size });
        else finish(item);
      };
      // Already there: the store says so, no need to read it again.
      if (draft.some((a) => a.id === base.id)) {
        finish(base);
        return;
      }
      if (resource.size !== undefined) {
        decide(base, resource.size);
        return;
      }
      setStep({ kind: 'reading', name: base.name });
      const read = await preview(server, resource.uri);
      if (id !== flow.current) return;
      if (read.state === 'failed') {
        setProblem(t('context.readFailed', { name: base.name, message: errorText(read.error) }));
        finish(null);
        return;
      }
      if (read.state !== 'ready') return;
      const size = readBytes(read.value);
      decide({ ...base, size }, size);
    },
    [draft, finish, preview, t],
  );

  const cancel = useCallback(() => finish(null), [finish]);
  const confirm = useCallback(() => {
    if (step?.kind === 'large') finish(step.item);
  }, [finish, step]);
  const dismissProblem = useCallback(() => setProblem(null), []);

  return { step, problem, start, cancel, confirm, dismissProblem };
}
