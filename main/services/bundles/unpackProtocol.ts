import type { UnpackLimits } from './unpackLimits';

/*
 * What main and the unpack worker say to each other. Types only: the worker imports nothing
 * of the project's at run time (in tests it runs from its source file).
 */

/** One bundle to read, in the worker. */
export interface UnpackJob {
  /** The `.mcpb` file. */
  source: string;
  /** Unpack everything into this (existing, empty) folder; without it only the manifest is read. */
  into?: string;
  /** The digest the person reviewed: a file that reads otherwise is refused before unpacking. */
  digest?: string;
  /** A path the worker may write a copy of the read bytes to, for the signature check. */
  scratch: string;
  limits: UnpackLimits;
}

/** The signature as `@anthropic-ai/mcpb` verifies it, plus whether a block was there at all. */
export interface SignatureCheck {
  status: 'signed' | 'self-signed' | 'unsigned';
  /** The file ends in a signature block (which may not verify). */
  carriesSignature: boolean;
  publisher?: string;
  issuer?: string;
  validFrom?: string;
  validTo?: string;
  fingerprint?: string;
}

/** Why a bundle was refused; main turns it into a message in the person's language. */
export type UnpackRefusal =
  | { kind: 'unreadable'; reason: string }
  | { kind: 'tooLarge'; size: number }
  | { kind: 'changed'; reviewed: string; now: string }
  | { kind: 'notArchive'; reason: string }
  | { kind: 'damaged'; reason: string }
  | { kind: 'badSignatureBlock' }
  | { kind: 'tooManyEntries' }
  | { kind: 'totalTooLarge' }
  | { kind: 'entryTooLarge'; name: string }
  | { kind: 'ratio'; name: string; ratio: number }
  | { kind: 'manifestTooLarge' }
  | { kind: 'badName'; name: string; reason: string }
  | { kind: 'duplicate'; name: string }
  | { kind: 'special'; name: string }
  | { kind: 'encrypted'; name: string }
  | { kind: 'linkEscapes'; name: string; target: string }
  | { kind: 'underLink'; name: string; link: string };

/** What the worker answers: the file's digest, signature and manifest text, or a refusal. */
export type UnpackOutcome =
  | {
      ok: true;
      /** `sha256:` and the hex SHA-256 of the whole file as read. */
      digest: string;
      signature: SignatureCheck;
      /** `manifest.json` at the archive's root, if there is one. */
      manifestText?: string;
    }
  | { ok: false; refusal: UnpackRefusal };
