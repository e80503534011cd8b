import { Minus, Plus } from 'lucide-react';
import { Button } from './button';

type StepperProps = {
  id: string;
  /** NaN while the box is empty (the customer is typing). */
  value: number;
  min: number;
  max: number;
  onChange: (value: number) => void;
  /** What the buttons change, e.g. "quantity": "Decrease quantity", "Increase quantity". */
  noun: string;
  /** The buttons' names in the screen's language, in place of the English built from `noun`. */
  labels?: { decrease: string; increase: string };
  'aria-describedby'?: string;
  'aria-invalid'?: true;
};

/** A whole number typed or stepped with − and +; an empty box stays empty while typing (NaN). */
export function Stepper({ id, value, min, max, onChange, noun, labels, ...aria }: StepperProps) {
  const shown = Number.isFinite(value);
  return (
    <div className="inline-flex items-center rounded-lg border border-edge focus-within:border-brand-400">
      <Button
        variant="icon"
        aria-label={labels?.decrease ?? `Decrease ${noun}`}
        disabled={shown && value <= min}
        onClick={() => onChange(Math.max(min, (shown ? value : min + 1) - 1))}
      >
        <Minus className="h-4 w-4" aria-hidden />
      </Button>
      <input
        {...aria}
        id={id}
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        value={shown ? value : ''}
        onChange={(e) => onChange(e.target.value === '' ? NaN : Math.trunc(Number(e.target.value)))}
        className="w-12 [appearance:textfield] bg-transparent text-center text-sm text-white focus:outline-none [&::-webkit-inner-spin-button]:appearance-none"
      />
      <Button
        variant="icon"
        aria-label={labels?.increase ?? `Increase ${noun}`}
        disabled={shown && value >= max}
        onClick={() => onChange(Math.min(max, (shown ? value : 0) + 1))}
      >
        <Plus className="h-4 w-4" aria-hidden />
      </Button>
    </div>
  );
}
