import type { UseFormRegisterReturn } from 'react-hook-form';
import { Checkbox } from '@web/components/ui';

/** The department's opt-in to the approvers' monthly statement e-mail (docs/product.md#department-reports). */
export function StatementOptIn({ field }: { field: UseFormRegisterReturn<'monthly_statement'> }) {
  return (
    <Checkbox
      label="Monthly statement "
      hint="On the first of each month the approvers get an e-mail listing the department's orders of the month before."
      {...field}
    />
  );
}
