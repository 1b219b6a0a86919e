import { Eye, EyeOff } from 'lucide-react';
import { useState } from 'react';
import { cn } from '@/lib/cn';
import { useIsStaticScreen } from '@/lib/static-screen';
import { Input, type InputProps } from './input';

/** A password field with a show/hide toggle. */
export function PasswordInput({ className, ...props }: Omit<InputProps, 'type'>) {
  const [isVisible, setIsVisible] = useState(false);
  // In a page's build-time HTML (lib/static-screen.ts) the toggle waits for the script that works it.
  const isStatic = useIsStaticScreen();
  return (
    <div className="relative">
      <Input type={isVisible ? 'text' : 'password'} className={cn('pr-11', className)} {...props} />
      <button
        type="button"
        disabled={isStatic}
        onClick={() => setIsVisible((visible) => !visible)}
        aria-pressed={isVisible}
        className="absolute inset-y-0 right-0 flex items-center rounded-r-lg px-3 text-slate-400 hover:text-slate-600 focus-visible:outline-2 focus-visible:outline-indigo-600 dark:text-slate-500 dark:hover:text-slate-300"
      >
        {isVisible ? <EyeOff aria-hidden="true" className="size-5" /> : <Eye aria-hidden="true" className="size-5" />}
        {/* Named by its text, not aria-label: a field found by its label ("Password") is then the field alone. */}
        <span className="sr-only">{isVisible ? 'Hide password' : 'Show password'}</span>
      </button>
    </div>
  );
}
