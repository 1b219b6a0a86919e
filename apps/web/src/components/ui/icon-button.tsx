import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { cn } from '@/lib/cn';
import { Tooltip } from './tooltip';

type Tone = 'default' | 'danger' | 'primary';

const tones: Record<Tone, string> = {
  default: 'text-slate-500 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white',
  primary: 'text-slate-500 hover:bg-indigo-50 hover:text-indigo-700 dark:text-slate-400 dark:hover:bg-indigo-950 dark:hover:text-indigo-300',
  danger: 'text-slate-500 hover:bg-red-50 hover:text-red-700 dark:text-slate-400 dark:hover:bg-red-950 dark:hover:text-red-300',
};

export interface IconButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'> {
  /** The accessible name, also shown as the tooltip unless `tooltip` says otherwise. */
  label: string;
  tooltip?: string | false;
  icon: ReactNode;
  tone?: Tone;
  ref?: Ref<HTMLButtonElement>;
}

/** A small square button holding only an icon; named for assistive technology, with a tooltip. */
export function IconButton({ label, tooltip, icon, tone = 'default', className, type = 'button', ...props }: IconButtonProps) {
  const button = (
    <button
      type={type}
      aria-label={label}
      className={cn(
        'inline-flex size-8 items-center justify-center rounded-md transition-colors focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-600 disabled:cursor-not-allowed disabled:opacity-50',
        tones[tone],
        className,
      )}
      {...props}
    >
      {icon}
    </button>
  );
  return tooltip === false ? button : <Tooltip content={tooltip ?? label}>{button}</Tooltip>;
}
