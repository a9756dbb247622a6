import type { ButtonHTMLAttributes } from 'react';
import { Icon, type IconName } from './Icon';

interface Props extends ButtonHTMLAttributes<HTMLButtonElement> {
  icon: IconName;
  /** Tooltip and accessible name (include the shortcut, e.g. "Save (Ctrl+S)"). */
  label: string;
  active?: boolean;
}

export function IconButton({ icon, label, active, className, ...rest }: Props) {
  return (
    <button
      type="button"
      className={`icon-button${active ? ' active' : ''}${className ? ` ${className}` : ''}`}
      title={label}
      aria-label={label}
      aria-pressed={active}
      {...rest}
    >
      <Icon name={icon} />
    </button>
  );
}
