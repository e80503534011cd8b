import { cloneElement, isValidElement, useId, type ReactElement, type ReactNode } from 'react';
import { ErrorAlert } from '../forms/error-alert';
import { cx } from './cx';

/** What a field hands its control so the label, hint and error are announced with it. */
export type FieldControlProps = {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
};

type FieldProps = {
  label: ReactNode;
  /** The control's id; one is made up when not given. The hint is `<id>-hint`, the error `<id>-error`. */
  id?: string;
  hint?: ReactNode;
  error?: string | null;
  required?: boolean;
  /** Hide the label visually (it stays the control's accessible name). */
  labelHidden?: boolean;
  className?: string;
  /** One control to clone with the wiring, or a function that spreads it where it belongs. */
  children: ReactElement<Partial<FieldControlProps>> | ((control: FieldControlProps) => ReactNode);
};

/** A label, the control, an optional hint and the validation error, wired together with ids and aria-describedby. */
export function Field({ label, id, hint, error, required, labelHidden, className, children }: FieldProps) {
  const made = useId();
  const controlId = id ?? `field${made.replace(/:/g, '')}`;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const wiring = (own?: string): FieldControlProps => ({
    id: controlId,
    'aria-describedby': cx(own, hintId, errorId) || undefined,
    'aria-invalid': error ? true : undefined,
  });
  let control: ReactNode;
  if (typeof children === 'function') control = children(wiring());
  else if (isValidElement(children)) control = cloneElement(children, wiring(children.props['aria-describedby']));
  return (
    <div className={className}>
      <label htmlFor={controlId} className={labelHidden ? 'sr-only' : 'mb-1 block text-sm font-medium text-gray-300'}>
        {label}
        {required ? <span className="text-brand-400"> *</span> : null}
      </label>
      {control}
      {hint ? (
        <p id={hintId} className="mt-1 text-sm text-gray-400">
          {hint}
        </p>
      ) : null}
      <ErrorAlert id={errorId} message={error} className="mt-1 text-sm text-red-400" />
    </div>
  );
}
