import { KeyRound } from 'lucide-react';

/** The key above the password screens' headings. */
export function AuthIcon() {
  return (
    <div className="mx-auto mb-4 flex size-12 items-center justify-center rounded-full bg-indigo-100 text-indigo-600 dark:bg-indigo-950 dark:text-indigo-300">
      <KeyRound aria-hidden="true" className="size-6" />
    </div>
  );
}
