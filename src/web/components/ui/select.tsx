import type { ComponentProps } from 'react';
import { controlClasses, type ControlLook } from './control-classes';

export function Select({ className, dense, ...props }: ComponentProps<'select'> & ControlLook) {
  return <select {...props} className={controlClasses(dense, className)} />;
}
