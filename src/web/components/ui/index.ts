// The controls every screen is built from: a screen composes these and writes no control classes.
// The landing imports ./button directly: this index would pull the Radix dialog into its first load.
export { Button, buttonClasses } from './button';
export { Card } from './card';
export { Checkbox } from './checkbox';
export { ConfirmDialog } from './confirm-dialog';
export { cx } from './cx';
export { DigitBox } from './digit-box';
export { Field, type FieldControlProps } from './field';
export { Input } from './input';
export { PageHeader } from './page-header';
export { RadioGroup } from './radio-group';
export { Select } from './select';
export { Stepper } from './stepper';
export { Table, type Column } from './table';
export { Tabs } from './tabs';
export { Textarea } from './textarea';
