import type { ButtonHTMLAttributes, ReactNode } from 'react';

// The store's pickers (colour, size, side) are rows of buttons, each row one radio group to assistive technology.

export function RadioGroup({ label, className, children }: { label: string; className: string; children: ReactNode }) {
  return (
    <div className={className} role="radiogroup" aria-label={label}>
      {children}
    </div>
  );
}

type RadioButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'role' | 'onClick'> & {
  checked: boolean;
  onSelect: () => void;
};

export function RadioButton({ checked, onSelect, ...button }: RadioButtonProps) {
  return <button {...button} type="button" role="radio" aria-checked={checked} onClick={onSelect} />;
}
