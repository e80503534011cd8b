import { Printer } from 'lucide-react';
import { Button } from '@web/components/ui';

/** The browser's print dialog; the print stylesheet (styles/app.css and print: variants) does the rest. */
export function PrintButton({ label = 'Print' }: { label?: string }) {
  return (
    <Button onClick={() => window.print()}>
      <Printer className="h-4 w-4" aria-hidden />
      {label}
    </Button>
  );
}
