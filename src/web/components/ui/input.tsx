import type { ComponentProps } from 'react';
import { controlClasses, type ControlLook } from './control-classes';

/** A text input; `ref` reaches the element, so react-hook-form's register works on it. */
export function Input({ className, dense, ...props }: ComponentProps<'input'> & ControlLook) {
  return <input {...props} className={controlClasses(dense, className)} />;
}
