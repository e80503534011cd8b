import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import {
  CUSTOMIZATION_LABELS,
  NAME_TEXT_MAX,
  nameTextProblem,
  POSITION_LABELS,
  POSITIONS,
  type CustomizationCosts,
  type CustomizationType,
  type Position,
} from '@shared/cart';
import { KIND_TEXT_MAX, kindTextProblem } from '@shared/decorations';
import { formatUsd, toDollars } from '@shared/money';
import { ErrorAlert } from '@web/components/forms/error-alert';
import { useFromEnglish } from '@web/i18n';
import { Checkbox, Input, RadioGroup } from '@web/components/ui';
import { addedChoice, type AddedKind, type CustomizeState, type FieldErrors } from './customize-form';

type Props = {
  state: CustomizeState;
  errors: FieldErrors;
  /** Each decoration kind's price in cents (settings). */
  costs: CustomizationCosts;
  onChange: (next: CustomizeState) => void;
  /** A roster supplies the names: only the name's place is chosen here. */
  namesFromRoster?: boolean;
  /** The customer has read the name back and ticked "The spelling is correct". */
  spellingOk: boolean;
  onSpellingOk: (ok: boolean) => void;
  /** What this garment takes and on which sides (staff set it in /admin/catalog); a type not listed is not offered. */
  allowed?: { type: string; sides: Position[] }[];
  /** Kinds an admin added that this garment takes (GET /decorations), each with its price per piece in `costs`. */
  addedKinds?: readonly AddedKind[];
};

const SIDES: readonly Position[] = ['left_side', 'right_side'];
const otherSide = (p: Position): Position => (p === 'left_side' ? 'right_side' : 'left_side');

function SidePicker({
  type,
  value,
  disabled,
  sides,
  onChange,
}: {
  type: CustomizationType;
  value: Position;
  disabled: boolean;
  sides: readonly Position[];
  onChange: (p: Position) => void;
}) {
  const { t } = useTranslation();
  const words = useFromEnglish();
  return (
    <RadioGroup
      label={t('dialog.kindSide', { label: words(CUSTOMIZATION_LABELS[type]) })}
      look="segment"
      // Switched off, it goes nowhere: no side shows as chosen.
      value={disabled ? '' : value}
      onChange={onChange}
      // Left and right show together (one switched off for this garment shows as unavailable); a front or a leg
      // shows only on a garment that takes it, so a cap offers its front and nothing else.
      options={POSITIONS.filter(
        (p) => sides.includes(p) || (SIDES.includes(p) && sides.some((s) => SIDES.includes(s))),
      ).map((p) => ({ value: p, label: words(POSITION_LABELS[p]), disabled: disabled || !sides.includes(p) }))}
    />
  );
}

/** Embroidered name, US flag patch and Arizona flag patch, each on the left or right, with its price. */
export function CustomizationFields({
  state,
  errors,
  costs,
  onChange,
  spellingOk,
  onSpellingOk,
  allowed,
  namesFromRoster,
  addedKinds = [],
}: Props) {
  const { t } = useTranslation();
  const sidesOf = (type: CustomizationType): readonly Position[] =>
    allowed ? (allowed.find((a) => a.type === type)?.sides ?? []) : POSITIONS;
  const set = <K extends 'add_name' | 'us_flag' | 'az_flag'>(type: K, patch: Partial<CustomizeState[K]>) => {
    const next = { ...state, [type]: { ...state[type], ...patch } };
    // Switched on where the garment takes it: a side it does not take moves to one it does.
    const sides = sidesOf(type);
    if (next[type].enabled && !sides.includes(next[type].position) && sides[0])
      next[type] = { ...next[type], position: sides[0] };
    // One patch per sleeve: turning on or moving a flag moves the other flag to the free side.
    const flag = type === 'us_flag' ? 'az_flag' : type === 'az_flag' ? 'us_flag' : null;
    if (flag && next[type].enabled && next[flag].enabled && next[flag].position === next[type].position)
      next[flag] = { ...next[flag], position: otherSide(next[type].position) };
    onChange(next);
  };
  // A name that cannot be sewn is said as it is typed, not first at Add to cart.
  const typedProblem = state.add_name.enabled ? nameTextProblem(state.add_name.text) : null;
  const messageOf = (type: CustomizationType) => errors[type] ?? (type === 'add_name' ? typedProblem : undefined);
  const sewn = state.add_name.text.trim().normalize('NFC');
  const row = (type: 'add_name' | 'us_flag' | 'az_flag', children?: ReactNode) =>
    sidesOf(type).length === 0 ? null : (
      <div
        className={`rounded-lg border p-3 transition ${state[type].enabled ? 'border-brand-500/60 bg-brand-500/5' : 'border-gray-800'}`}
      >
        <div className="flex flex-wrap items-center justify-between gap-2">
          <Checkbox
            className="font-medium"
            checked={state[type].enabled}
            onChange={(e) => set(type, { enabled: e.target.checked })}
            label={
              <>
                {CUSTOMIZATION_LABELS[type]}{' '}
                <span className="text-xs font-normal text-gray-400">+{formatUsd(toDollars(costs[type] ?? 0))}</span>
              </>
            }
          />
          <SidePicker
            type={type}
            value={state[type].position}
            disabled={!state[type].enabled}
            sides={sidesOf(type)}
            onChange={(position) => set(type, { position })}
          />
        </div>
        {children}
        <ErrorAlert message={messageOf(type)} className="mt-2 text-xs text-red-400" />
      </div>
    );
  return (
    <fieldset className="space-y-2">
      <legend className="mb-2 text-sm font-semibold text-gray-200">{t('dialog.customization')}</legend>
      {row(
        'add_name',
        state.add_name.enabled &&
          (namesFromRoster ? (
            <p className="mt-2 text-sm text-gray-300">{t('dialog.rosterNames')}</p>
          ) : (
            <>
              <Input
                type="text"
                value={state.add_name.text}
                maxLength={NAME_TEXT_MAX + 5}
                onChange={(e) => set('add_name', { text: e.target.value })}
                placeholder={t('dialog.nameToEmbroider')}
                aria-label={t('dialog.nameToEmbroider')}
                aria-invalid={messageOf('add_name') ? true : undefined}
                autoFocus
                className="mt-2 text-sm"
              />
              <Checkbox
                className="mt-3"
                checked={spellingOk}
                onChange={(e) => onSpellingOk(e.target.checked)}
                aria-describedby="spelling-as-typed"
                label={t('dialog.spellingCorrect')}
              />
              <p id="spelling-as-typed" className="mt-1 ml-8 text-xs break-words text-gray-400">
                {sewn ? t('dialog.sewnAs', { name: sewn }) : t('dialog.typeName')}
              </p>
            </>
          )),
      )}
      {row('us_flag')}
      {row('az_flag')}
      {addedKinds.map((kind) => {
        const sides = allowed?.find((a) => a.type === kind.key)?.sides ?? [];
        if (!sides.length) return null;
        const c = addedChoice({ customizations: allowed ?? [] }, state, kind.key);
        const setAdded = (patch: Partial<typeof c>) =>
          onChange({ ...state, added: { ...state.added, [kind.key]: { ...c, ...patch } } });
        // Like the name: a text that cannot be sewn is said as it is typed.
        const message = errors[kind.key] ?? (c.enabled && kind.takes_text ? kindTextProblem(c.text) : null);
        return (
          <div
            key={kind.key}
            data-testid={`kind-${kind.key}`}
            className={`rounded-lg border p-3 transition ${c.enabled ? 'border-brand-500/60 bg-brand-500/5' : 'border-gray-800'}`}
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <Checkbox
                className="font-medium"
                checked={c.enabled}
                onChange={(e) => setAdded({ enabled: e.target.checked })}
                label={
                  <>
                    {kind.label}{' '}
                    <span className="text-xs font-normal text-gray-400">
                      +{formatUsd(toDollars(costs[kind.key] ?? 0))}
                    </span>
                  </>
                }
              />
              <RadioGroup
                label={t('dialog.kindPosition', { label: kind.label })}
                look="segment"
                value={c.enabled ? c.position : ''}
                onChange={(position: Position) => setAdded({ position })}
                options={POSITIONS.filter((p) => sides.includes(p)).map((p) => ({
                  value: p,
                  label: POSITION_LABELS[p],
                  disabled: !c.enabled,
                }))}
              />
            </div>
            {c.enabled && kind.takes_text && (
              <Input
                type="text"
                value={c.text}
                maxLength={KIND_TEXT_MAX + 5}
                onChange={(e) => setAdded({ text: e.target.value })}
                placeholder={t('dialog.kindText', { label: kind.label })}
                aria-label={t('dialog.kindText', { label: kind.label })}
                aria-invalid={message ? true : undefined}
                className="mt-2 text-sm"
              />
            )}
            <ErrorAlert message={message} className="mt-2 text-xs text-red-400" />
          </div>
        );
      })}
    </fieldset>
  );
}
