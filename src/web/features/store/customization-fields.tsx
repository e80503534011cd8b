import type { ReactNode } from 'react';
import {
  CUSTOMIZATION_LABELS,
  NAME_TEXT_MAX,
  POSITION_LABELS,
  POSITIONS,
  type CustomizationType,
  type Position,
} from '@shared/cart';
import { formatUsd } from '@shared/money';
import { ErrorAlert } from '@web/components/forms/error-alert';
import type { CustomizeState, FieldErrors } from './customize-form';
import { RadioButton, RadioGroup } from './radio-buttons';

type Props = { state: CustomizeState; errors: FieldErrors; cost: number; onChange: (next: CustomizeState) => void };

const otherSide = (p: Position): Position => (p === 'left_side' ? 'right_side' : 'left_side');

function SidePicker({
  type,
  value,
  disabled,
  onChange,
}: {
  type: CustomizationType;
  value: Position;
  disabled: boolean;
  onChange: (p: Position) => void;
}) {
  return (
    <RadioGroup
      label={`${CUSTOMIZATION_LABELS[type]} side`}
      className="inline-flex rounded-lg border border-gray-700 p-0.5"
    >
      {POSITIONS.map((p) => (
        <RadioButton
          key={p}
          checked={value === p}
          onSelect={() => onChange(p)}
          disabled={disabled}
          className={`rounded-md px-3 py-1 text-xs font-medium transition disabled:opacity-40 ${value === p ? 'bg-brand-500 text-white' : 'text-gray-300 hover:text-white'}`}
        >
          {POSITION_LABELS[p]}
        </RadioButton>
      ))}
    </RadioGroup>
  );
}

/** Embroidered name, US flag patch and Arizona flag patch, each on the left or right, with its price. */
export function CustomizationFields({ state, errors, cost, onChange }: Props) {
  const set = <K extends 'add_name' | 'us_flag' | 'az_flag'>(type: K, patch: Partial<CustomizeState[K]>) => {
    const next = { ...state, [type]: { ...state[type], ...patch } };
    // One patch per sleeve: turning on or moving a flag moves the other flag to the free side.
    const flag = type === 'us_flag' ? 'az_flag' : type === 'az_flag' ? 'us_flag' : null;
    if (flag && next[type].enabled && next[flag].enabled && next[flag].position === next[type].position)
      next[flag] = { ...next[flag], position: otherSide(next[type].position) };
    onChange(next);
  };
  const row = (type: 'add_name' | 'us_flag' | 'az_flag', children?: ReactNode) => (
    <div
      className={`rounded-lg border p-3 transition ${state[type].enabled ? 'border-brand-500/60 bg-brand-500/5' : 'border-gray-800'}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <label className="flex cursor-pointer items-center gap-2 text-sm font-medium text-gray-100">
          <input
            type="checkbox"
            checked={state[type].enabled}
            onChange={(e) => set(type, { enabled: e.target.checked })}
            className="h-4 w-4 accent-brand-500"
          />
          {CUSTOMIZATION_LABELS[type]}
          <span className="text-xs font-normal text-gray-400">+{formatUsd(cost)}</span>
        </label>
        <SidePicker
          type={type}
          value={state[type].position}
          disabled={!state[type].enabled}
          onChange={(position) => set(type, { position })}
        />
      </div>
      {children}
      <ErrorAlert message={errors[type]} className="mt-2 text-xs text-red-400" />
    </div>
  );
  return (
    <fieldset className="space-y-2">
      <legend className="mb-2 text-sm font-semibold text-gray-200">Customization</legend>
      {row(
        'add_name',
        state.add_name.enabled && (
          <input
            type="text"
            value={state.add_name.text}
            maxLength={NAME_TEXT_MAX + 5}
            onChange={(e) => set('add_name', { text: e.target.value })}
            placeholder="Name to embroider"
            aria-label="Name to embroider"
            aria-invalid={Boolean(errors.add_name)}
            autoFocus
            className="mt-2 w-full rounded-md border border-gray-700 bg-gray-950 px-3 py-2 text-sm text-white placeholder:text-gray-500 focus:border-brand-500 focus:outline-none"
          />
        ),
      )}
      {row('us_flag')}
      {row('az_flag')}
    </fieldset>
  );
}
