/** What a chip and its preview show of any attachment (composer draft or sent view). */
export interface AttachmentIdentity {
  name: string;
  server: string;
  uri?: string;
  mimeType?: string;
  size?: number;
}

/** The identity fields of an attachment, leaving out the ones it does not have. */
export function attachmentIdentity(a: {
  name: string;
  server: string;
  uri?: string | undefined;
  mimeType?: string | undefined;
  size?: number | undefined;
}): AttachmentIdentity {
  return {
    name: a.name,
    server: a.server,
    ...(a.uri !== undefined ? { uri: a.uri } : {}),
    ...(a.mimeType !== undefined ? { mimeType: a.mimeType } : {}),
    ...(a.size !== undefined ? { size: a.size } : {}),
  };
}
