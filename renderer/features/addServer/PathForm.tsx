import { useState, type SyntheticEvent } from 'react';
import { PathField } from './PathField';

interface PathFormProps {
  id: string;
  label: string;
  placeholder: string;
  purpose: 'bundle' | 'import';
  submitLabel: string;
  busyLabel?: string;
  help?: string;
  testId: string;
  /** Reads the file; resolves with an error message to show, or undefined. */
  onSubmit: (path: string) => Promise<string | undefined>;
}

/** A file path (typed, or picked in the desktop app) and a button that reads it. */
export function PathForm(props: PathFormProps) {
  const [path, setPath] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    if (path.trim() === '') return;
    setBusy(true);
    setError(undefined);
    setError(await props.onSubmit(path.trim()));
    setBusy(false);
  };
  return (
    <form className="field path-form" onSubmit={(e) => void submit(e)}>
      <label className="field__label" htmlFor={props.id}>
        {props.label}
      </label>
      <div className="field__row">
        <div className="path-form__path">
          <PathField
            id={props.id}
            kind="file"
            purpose={props.purpose}
            value={path}
            placeholder={props.placeholder}
            onChange={setPath}
            testId={`${props.testId}-path`}
          />
        </div>
        <button
          type="submit"
          className="button"
          disabled={busy || path.trim() === ''}
          data-testid={`${props.testId}-submit`}
        >
          {busy && props.busyLabel ? props.busyLabel : props.submitLabel}
        </button>
      </div>
      {props.help && <p className="field__help">{props.help}</p>}
      {error && (
        <p className="field__error" role="alert" data-testid={`${props.testId}-error`}>
          {error}
        </p>
      )}
    </form>
  );
}
