import type { ComponentProps } from 'react';
import { controlClasses, type ControlLook } from './control-classes';

export function Textarea({ className, dense, ...props }: ComponentProps<'textarea'> & ControlLook) {
  return <textarea {...props} className={controlClasses(dense, className)} />;
}
