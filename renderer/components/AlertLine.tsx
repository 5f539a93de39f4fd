/** A failure under a control, announced when it appears; nothing when there is none. */
export function AlertLine({ message }: { message: string | null }) {
  return message ? (
    <p className="field__error" role="alert">
      {message}
    </p>
  ) : null;
}
