import { useId, useState } from 'react';
import { Plus, Trash2 } from 'lucide-react';
import type { QuantityBreakAnswer } from '@shared/quantity-breaks';
import { ErrorAlert } from './forms/error-alert';
import { Button, Input, Select } from './ui';

type Row = { min: string; kind: 'percent' | 'price'; value: string };

const rowOf = (b: QuantityBreakAnswer): Row =>
  b.percent_off !== null
    ? { min: String(b.min_quantity), kind: 'percent', value: String(b.percent_off) }
    : { min: String(b.min_quantity), kind: 'price', value: (b.unit_price ?? 0).toFixed(2) };

const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

type Props = {
  /** The breaks as saved. */
  breaks: QuantityBreakAnswer[];
  /** The shared schema the request must pass (its messages are the server's). */
  schema: { safeParse: (v: unknown) => { success: boolean; error?: { issues: { message: string }[] } } };
  /** Shop-wide breaks take a percent off only. */
  percentOnly?: boolean;
  saving: boolean;
  onSave: (breaks: { min_quantity: number; percent_off?: number; unit_price?: number }[]) => Promise<unknown>;
  saveLabel?: string;
};

/** Quantity price breaks as rows of "from N pieces: X% off" or "$Y each", checked by the shared schema. */
export function QuantityBreaksEditor({
  breaks,
  schema,
  percentOnly,
  saving,
  onSave,
  saveLabel = 'Save breaks',
}: Props) {
  const id = useId();
  const [rows, setRows] = useState<Row[]>(() => breaks.map(rowOf));
  const [error, setError] = useState<string | null>(null);
  const set = (i: number, patch: Partial<Row>) => setRows((r) => r.map((x, j) => (j === i ? { ...x, ...patch } : x)));
  const save = async () => {
    const body = rows.map((r) => ({
      min_quantity: numberOf(r.min),
      ...(r.kind === 'percent' ? { percent_off: numberOf(r.value) } : { unit_price: numberOf(r.value) }),
    }));
    const checked = schema.safeParse({ breaks: body });
    if (!checked.success) return setError(checked.error?.issues[0]?.message ?? 'Check the breaks');
    setError(null);
    try {
      await onSave(body);
    } catch (err) {
      setError(err instanceof Error ? err.message : 'The breaks could not be saved');
    }
  };
  return (
    <div className="space-y-3" data-testid="breaks-editor">
      {rows.length === 0 && <p className="text-sm text-gray-400">No quantity breaks.</p>}
      <ul className="space-y-2">
        {rows.map((r, i) => (
          <li key={i} className="flex flex-wrap items-end gap-2" data-testid="break-row">
            <div>
              <label htmlFor={`${id}-min-${i}`} className="block text-xs text-gray-300">
                From (pieces)
              </label>
              <Input
                id={`${id}-min-${i}`}
                dense
                inputMode="numeric"
                className="w-24"
                value={r.min}
                onChange={(e) => set(i, { min: e.target.value })}
              />
            </div>
            {!percentOnly && (
              <div>
                <label htmlFor={`${id}-kind-${i}`} className="block text-xs text-gray-300">
                  Price
                </label>
                <Select
                  id={`${id}-kind-${i}`}
                  dense
                  value={r.kind}
                  onChange={(e) => set(i, { kind: e.target.value as Row['kind'] })}
                >
                  <option value="percent">Percent off</option>
                  <option value="price">Unit price ($)</option>
                </Select>
              </div>
            )}
            <div>
              <label htmlFor={`${id}-value-${i}`} className="block text-xs text-gray-300">
                {r.kind === 'percent' ? 'Percent off' : 'Each ($)'}
              </label>
              <Input
                id={`${id}-value-${i}`}
                dense
                inputMode="decimal"
                className="w-24"
                value={r.value}
                onChange={(e) => set(i, { value: e.target.value })}
              />
            </div>
            <Button
              variant="ghost"
              size="sm"
              aria-label={`Remove the break from ${r.min || 'this quantity'}`}
              onClick={() => setRows((x) => x.filter((_, j) => j !== i))}
            >
              <Trash2 className="h-4 w-4" aria-hidden />
            </Button>
          </li>
        ))}
      </ul>
      <ErrorAlert message={error} />
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          size="sm"
          onClick={() => setRows((x) => [...x, { min: '', kind: 'percent', value: '' }])}
        >
          <Plus className="h-4 w-4" aria-hidden /> Add a break
        </Button>
        <Button size="sm" loading={saving} onClick={save}>
          {saveLabel}
        </Button>
      </div>
    </div>
  );
}
