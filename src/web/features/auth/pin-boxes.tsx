import { useEffect, useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PIN_LENGTH } from '@shared/constants';
import { DigitBox } from '@web/components/ui';

type Props = {
  digits: string[];
  onChange: (digits: string[]) => void;
  disabled?: boolean;
  invalid?: boolean;
  compact?: boolean;
  /** Each new value moves the focus to the first box (on mount, after a failed check, after a resend). */
  focusKey: number;
  onPasteRejected?: () => void;
};

export const emptyPin = () => Array.from({ length: PIN_LENGTH }, () => '');

/** See docs/product.md#validation-messages: six single-digit boxes; non-digits are rejected; a paste must hold exactly six digits (spaces allowed). */
export function PinBoxes({ digits, onChange, disabled, invalid, compact, focusKey, onPasteRejected }: Props) {
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const { t } = useTranslation();
  const focusAt = (i: number) => boxes.current[Math.max(0, Math.min(PIN_LENGTH - 1, i))]?.focus();
  // Runs after the commit, so the boxes are enabled again when a failed check hands the focus back.
  useEffect(() => {
    boxes.current[0]?.focus();
  }, [focusKey]);

  const setDigit = (i: number, value: string) => {
    const all = value.replace(/\D/g, '');
    // One-time-code autofill puts the whole code into the first box.
    if (all.length === PIN_LENGTH) {
      onChange(all.split(''));
      focusAt(PIN_LENGTH - 1);
      return;
    }
    const digit = all.slice(-1);
    if (!digit) return;
    const next = [...digits];
    next[i] = digit;
    onChange(next);
    if (i < PIN_LENGTH - 1) focusAt(i + 1);
  };

  const onKeyDown = (i: number, e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Backspace' || e.key === 'Delete') {
      e.preventDefault();
      const next = [...digits];
      if (next[i]) next[i] = '';
      else if (e.key === 'Backspace' && i > 0) {
        next[i - 1] = '';
        focusAt(i - 1);
      }
      onChange(next);
    } else if (e.key === 'ArrowLeft') {
      e.preventDefault();
      focusAt(i - 1);
    } else if (e.key === 'ArrowRight') {
      e.preventDefault();
      focusAt(i + 1);
    }
  };

  const onPaste = (e: ClipboardEvent<HTMLInputElement>) => {
    e.preventDefault();
    const pasted = e.clipboardData.getData('text');
    const only = pasted.replace(/\D/g, '');
    // Digits only: separators such as spaces or dashes are dropped, letters make the paste invalid.
    if (only.length !== PIN_LENGTH || /[^\d\s-]/.test(pasted.trim())) {
      onPasteRejected?.();
      return;
    }
    onChange(only.split(''));
    focusAt(PIN_LENGTH - 1);
  };

  return (
    <div className="flex justify-center gap-2 sm:gap-3" role="group" aria-label={t('auth.codeGroup')}>
      {digits.map((d, i) => (
        <DigitBox
          key={i}
          compact={compact}
          ref={(el) => {
            boxes.current[i] = el;
          }}
          value={d}
          onChange={(e) => setDigit(i, e.target.value)}
          onKeyDown={(e) => onKeyDown(i, e)}
          onPaste={onPaste}
          onFocus={(e) => e.target.select()}
          disabled={disabled}
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete={i === 0 ? 'one-time-code' : 'off'}
          aria-label={t('auth.digit', { n: i + 1, total: PIN_LENGTH })}
          aria-invalid={invalid || undefined}
        />
      ))}
    </div>
  );
}
