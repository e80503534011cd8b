import { Field, Input, Textarea } from '@web/components/ui';

/** A tracking CSV chosen as a file or pasted: order number, carrier, tracking number on each line. */
export function CsvSource({ value, max, onChange }: { value: string; max: number; onChange: (v: string) => void }) {
  return (
    <div className="grid gap-3">
      <Field label="CSV file" hint="Columns: order number, carrier, tracking number. A header row is skipped.">
        <Input
          type="file"
          accept=".csv,text/csv,text/plain"
          className="file:mr-3 file:rounded-lg file:border-0 file:bg-ink-800 file:px-3 file:py-1 file:text-sm file:font-semibold file:text-white"
          onChange={async (e) => {
            const file = e.target.files?.[0];
            if (file) onChange((await file.text()).slice(0, max));
          }}
        />
      </Field>
      <Field label="Or paste the rows">
        <Textarea
          rows={8}
          maxLength={max}
          className="font-mono"
          placeholder={'CSU-2026-000123,UPS,1Z999AA10123456784\nCSU-2026-000124,USPS,9400100000000000000000'}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      </Field>
    </div>
  );
}
