import { Trans, useTranslation } from 'react-i18next';
import { useFormat } from '@web/i18n/format';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { costsFromSettings, customizationsCost, priceLine, type CartItem } from '@shared/cart';
import type { Product } from '@shared/cart-catalog';
import { formatUsd, toCents, toDollars } from '@shared/money';
import { ErrorAlert } from '@web/components/forms/error-alert';
import { Modal } from '@web/components/modal';
import { Button, RadioGroup } from '@web/components/ui';
import { errorText, ApiRequestError } from '@web/lib/api';
import type { RosterRow } from '@shared/cart-runs';
import { formatDueDay } from '@shared/due-date-rules';
import { holdCartPolling, useAddToCart, useRemoveCartItem, useSettings } from '@web/features/cart';
import { ColorSwatches } from './color-swatches';
import { CustomizationFields } from './customization-fields';
import { useDecorationKinds } from '@web/lib/use-decoration-kinds';
import {
  addedKindsOf,
  initialState,
  previewList,
  stateFromLine,
  validate,
  type CustomizeState,
  type FieldErrors,
} from './customize-form';
import { GarmentPreview } from './garment-preview';
import type { View } from './placement';
import { QuantityInput } from './quantity-input';
import { SizePicker } from './size-picker';
import { useMySize } from './api/use-my-sizes';
import { useRoster, useSizeRun } from './api/bulk-calls';
import { useMyLogos } from './api/use-logos';
import { LogoFields } from './logo-fields';
import { useSession } from '@web/features/auth';
import { QuantityBreakList, RosterFields, SizeRunFields } from './bulk-order';

type Mode = 'one' | 'run' | 'roster';

type Props = {
  product: Product;
  variants: Product[];
  /** When set, the dialog edits this line: saving deletes it and adds the new choice (docs/product.md#cart). */
  editing?: CartItem;
  onSelectVariant: (p: Product) => void;
  onClose: () => void;
  /** Called once the server has the line, with the words to announce ("Added to cart: ..."). */
  onDone?: (message: string) => void;
  /** Where focus goes when the dialog closes (see Modal). */
  returnFocus?: () => HTMLElement | null | undefined;
};

export function ProductDialog({ product, variants, editing, onSelectVariant, onClose, onDone, returnFocus }: Props) {
  const { t } = useTranslation();
  const format = useFormat();
  const settings = useSettings();
  const add = useAddToCart();
  const remove = useRemoveCartItem();
  const mySize = useMySize(product);
  // Logos are the customer's own artwork: offered once signed in.
  const signedIn = Boolean(useSession().data);
  const logos = useMyLogos(signedIn).data ?? [];
  // Kinds an admin added (a department patch) that this garment takes, from the shop's kinds.
  const addedKinds = addedKindsOf(product, useDecorationKinds());
  const [state, setState] = useState<CustomizeState>(() =>
    editing
      ? stateFromLine(editing.size, editing.quantity, editing.customizations, product)
      : initialState(product, mySize),
  );
  // The remembered sizes may arrive after the dialog opened: fill the size only while the customer has chosen none.
  useEffect(() => {
    if (mySize && !editing) setState((s) => (s.size ? s : { ...s, size: mySize }));
  }, [mySize, editing]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [view, setView] = useState<View>('front');
  // What is sewn cannot be unpicked: a name is confirmed letter by letter before the line is added or saved.
  const [spellingOk, setSpellingOk] = useState(false);
  const [saving, setSaving] = useState(false);
  const formId = useId();
  // Many pieces at once: a quantity per size, or a roster of names (docs/product.md#size-runs-and-rosters).
  const [mode, setMode] = useState<Mode>('one');
  const [run, setRun] = useState<Record<string, string>>({});
  const [runErrors, setRunErrors] = useState<Record<string, string>>({});
  const [csv, setCsv] = useState('');
  const [rosterRows, setRosterRows] = useState<RosterRow[] | null>(null);
  const [rosterError, setRosterError] = useState<string | undefined>();
  const sizeRun = useSizeRun();
  const rosterCall = useRoster();
  const takesNames = !editing && product.customizations.some((c) => c.type === 'add_name');

  useEffect(() => {
    return holdCartPolling(editing ? `edit-${editing.id}` : 'customize');
  }, [editing]);

  const update = (next: CustomizeState) => {
    const name = next.add_name;
    if (name.text !== state.add_name.text) setSpellingOk(false);
    // The name is sewn on the chest: a change to it shows the front, where it can be seen.
    if (
      name.enabled &&
      (name.text !== state.add_name.text || name.position !== state.add_name.position || !state.add_name.enabled)
    )
      setView('front');
    setState(next);
    if (Object.keys(errors).length) setErrors({});
  };
  const size = product.sizes.find((s) => s.label === state.size);
  const chosen = previewList(state);
  const quantity = Number.isFinite(state.quantity) && state.quantity > 0 ? state.quantity : 1;
  const costs = {
    ...costsFromSettings(settings),
    ...Object.fromEntries(addedKinds.map((k) => [k.key, toCents(k.price)])),
  };
  const logo = logos.find((l) => l.artwork_id === state.logo.artwork_id) ?? null;
  const line = priceLine({
    basePriceCents: toCents(product.price),
    sizeUpchargeCents: toCents(size?.upcharge ?? 0),
    unitCustomizationCents: customizationsCost(chosen, costs) + toCents(logo?.price_per_piece ?? 0),
    quantity,
  });

  const needsSpelling = mode === 'one' && state.add_name.enabled && !spellingOk;
  const changeMode = (next: Mode) => {
    setMode(next);
    setErrors({});
    // A roster's names come from its rows: the name is switched on and only its place is chosen here.
    if (next === 'roster') setState((s) => ({ ...s, add_name: { ...s.add_name, enabled: true } }));
  };

  const submitMany = async () => {
    // The decorations are checked as one line would be; a roster's own names stand in for the typed one.
    const checked = validate(
      product,
      {
        ...state,
        size: product.sizes[0]?.label ?? state.size,
        quantity: 1,
        add_name: mode === 'roster' ? { ...state.add_name, enabled: true, text: 'Name' } : state.add_name,
      },
      addedKinds,
    );
    if (!checked.ok) return setErrors(checked.errors);
    const customizations = checked.customizations.map((c) =>
      mode === 'roster' && c.type === 'add_name' ? { ...c, text: null } : c,
    );
    setSaving(true);
    try {
      if (mode === 'run') {
        const quantities = Object.fromEntries(
          Object.entries(run)
            .filter(([, v]) => v.trim() !== '' && v.trim() !== '0')
            .map(([k, v]) => [k, Number(v)]),
        );
        setRunErrors({});
        const res = await sizeRun.mutateAsync({ product_id: product.id, quantities, customizations });
        onClose();
        onDone?.(`${res.message}: ${product.name}.`);
        return;
      }
      setRosterError(undefined);
      const commit = rosterRows !== null && rosterRows.every((r) => !r.error);
      const res = await rosterCall.mutateAsync({ product_id: product.id, csv, customizations, commit });
      setRosterRows(res.rows);
      if (res.added) {
        onClose();
        onDone?.(`${res.message}: ${product.name}.`);
      } else if (res.rows.some((r) => r.error)) setRosterError(res.message);
    } catch (err) {
      const fields = err instanceof ApiRequestError ? (err.body?.errors ?? []) : [];
      if (mode === 'run' && fields.some((f) => f.field.startsWith('quantities.')))
        setRunErrors(
          Object.fromEntries(
            fields.filter((f) => f.field.startsWith('quantities.')).map((f) => [f.field.slice(11), f.message]),
          ),
        );
      else if (mode === 'roster') setRosterError(errorText(err, 'The roster could not be checked'));
      else setErrors({ form: errorText(err, 'The sizes could not be added') });
    } finally {
      setSaving(false);
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (mode !== 'one') return submitMany();
    if (needsSpelling) return;
    const checked = validate(product, state, addedKinds);
    if (!checked.ok) return setErrors(checked.errors);
    const input = {
      product,
      size: state.size,
      sizeUpcharge: size?.upcharge ?? 0,
      quantity: state.quantity,
      customizations: checked.customizations,
    };
    setSaving(true);
    try {
      if (editing) await remove.mutateAsync(editing.id);
      onClose();
      await add.mutateAsync(input);
      onDone?.(
        t(editing ? 'dialog.updated' : 'dialog.added', {
          name: product.name,
          size: state.size,
          quantity: state.quantity,
        }),
      );
    } catch {
      // The hooks already toast the docs/product.md#errors-the-user-sees message and restore the server cart.
    } finally {
      setSaving(false);
    }
  };

  // Pinned under the scrolling form (Modal's footer): on a phone in landscape the form is taller than the screen.
  const footer = (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-end sm:gap-4">
      {needsSpelling && (
        <p id="spelling-needed" className="text-sm text-gray-300 sm:flex-1" data-testid="spelling-needed">
          {editing ? t('dialog.spellingSave') : t('dialog.spellingAdd')}
        </p>
      )}
      <Button
        type="submit"
        form={formId}
        size="lg"
        loading={saving}
        disabled={needsSpelling}
        aria-describedby={needsSpelling ? 'spelling-needed' : undefined}
        className="w-full sm:w-auto sm:min-w-72"
      >
        {mode === 'run'
          ? t('dialog.addSizes')
          : mode === 'roster'
            ? rosterRows && rosterRows.every((r) => !r.error)
              ? t('dialog.addNames', { count: rosterRows.length })
              : t('dialog.checkRoster')
            : t(editing ? 'dialog.save' : 'dialog.add', { price: format.money(toDollars(line.totalCents)) })}
      </Button>
    </div>
  );

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={editing ? t('dialog.edit', { name: product.base_name }) : product.base_name}
      description={product.description}
      size="xl"
      returnFocus={returnFocus}
      footer={footer}
    >
      <form id={formId} onSubmit={submit} noValidate className="grid gap-6 md:grid-cols-2">
        <div className="space-y-3">
          <GarmentPreview
            product={product}
            customizations={chosen}
            logo={logo ? { name: logo.name, preview_url: logo.preview_url, position: state.logo.position } : null}
            view={view}
            onViewChange={setView}
            labels={Object.fromEntries(addedKinds.map((k) => [k.key, k.label]))}
          />
        </div>

        <div className="space-y-5">
          <div>
            <p className="text-2xl font-bold text-white">{formatUsd(product.price)}</p>
            <p className="mt-2 text-sm text-gray-300">
              <Trans
                i18nKey="dialog.colour"
                values={{ colour: product.color }}
                components={{ strong: <span className="font-medium text-white" /> }}
              />
            </p>
            {variants.length > 1 && (
              <div className="mt-2">
                <ColorSwatches
                  size="md"
                  options={variants}
                  selected={product.slug}
                  onSelect={(slug) => onSelectVariant(variants.find((v) => v.slug === slug)!)}
                />
              </div>
            )}
          </div>
          <QuantityBreakList product={product} />
          {!editing && (
            <RadioGroup<Mode>
              label={t('dialog.howToOrder')}
              labelHidden={false}
              value={mode}
              onChange={changeMode}
              options={[
                { value: 'one', label: t('dialog.oneSize') },
                { value: 'run', label: t('dialog.severalSizes') },
                ...(takesNames ? [{ value: 'roster' as const, label: t('dialog.roster') }] : []),
              ]}
            />
          )}
          {mode === 'one' && (
            <>
              <SizePicker
                product={product}
                mine={mySize}
                value={state.size}
                error={errors.size}
                onChange={(s) => update({ ...state, size: s })}
              />
              <QuantityInput
                value={state.quantity}
                error={errors.quantity}
                onChange={(q) => update({ ...state, quantity: q })}
              />
            </>
          )}
          {mode === 'run' && <SizeRunFields product={product} value={run} errors={runErrors} onChange={setRun} />}
          {mode === 'roster' && (
            <RosterFields
              csv={csv}
              onCsv={(text) => {
                setCsv(text);
                setRosterRows(null);
                setRosterError(undefined);
              }}
              rows={rosterRows}
              error={rosterError}
            />
          )}
          <CustomizationFields
            state={state}
            errors={errors}
            costs={costs}
            onChange={update}
            spellingOk={spellingOk}
            onSpellingOk={setSpellingOk}
            allowed={product.customizations}
            namesFromRoster={mode === 'roster'}
            addedKinds={addedKinds}
          />
          {signedIn && (
            <LogoFields
              product={product}
              state={state}
              logos={logos}
              error={errors.logo}
              onChange={(next) => {
                // A logo on the back shows from the back.
                if (next.logo.position === 'back' && next.logo.artwork_id) setView('back');
                update(next);
              }}
            />
          )}
          <ErrorAlert message={errors.form} />

          {mode === 'one' && (
            <div className="space-y-1 rounded-lg bg-gray-950/70 p-3 text-sm" data-testid="price-summary">
              <div className="flex justify-between text-gray-300">
                <span>
                  {size && size.upcharge > 0 ? t('dialog.garmentSize', { size: size.label }) : t('dialog.garment')}
                </span>
                <span>{format.money(toDollars(line.unitBaseCents))}</span>
              </div>
              <div className="flex justify-between text-gray-300">
                <span>{t('dialog.customizations', { count: chosen.length + (logo ? 1 : 0) })}</span>
                <span>{format.money(toDollars(line.unitCustomizationCents))}</span>
              </div>
              <div className="flex justify-between border-t border-gray-800 pt-1.5 font-semibold text-white">
                <span>
                  {t('dialog.lineTotal', {
                    quantity,
                    price: format.money(toDollars(line.unitBaseCents + line.unitCustomizationCents)),
                  })}
                </span>
                <span data-testid="dialog-line-total">{format.money(toDollars(line.totalCents))}</span>
              </div>
              {logo && logo.digitising_fee > 0 && (
                <div className="flex justify-between text-gray-300" data-testid="digitising-fee">
                  <span>{t('dialog.digitising')}</span>
                  <span>{formatUsd(logo.digitising_fee)}</span>
                </div>
              )}
            </div>
          )}
          <p className="text-sm text-gray-300" data-testid="product-ready-by">
            <Trans
              i18nKey="dialog.readyBy"
              values={{ date: formatDueDay(settings.earliest_due_date, false) }}
              components={{ strong: <strong className="text-white" /> }}
            />
          </p>
        </div>
      </form>
    </Modal>
  );
}
