import { CheckSquare } from 'lucide-react';
import type { ReactNode } from 'react';

/** The centred card that the sign-in screens share. */
export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-br from-indigo-50 via-white to-sky-50 px-4 py-12 dark:from-slate-950 dark:via-slate-900 dark:to-indigo-950">
      <div className="w-full max-w-md">
        <div className="mb-6 flex items-center justify-center gap-2 text-indigo-600 dark:text-indigo-400">
          <CheckSquare aria-hidden="true" className="size-7" />
          <span className="text-xl font-bold tracking-tight text-slate-900 dark:text-white">Tasklane</span>
        </div>
        <div className="rounded-2xl border border-slate-200 bg-white p-8 shadow-xl shadow-slate-200/50 dark:border-slate-800 dark:bg-slate-900 dark:shadow-black/30">
          {children}
        </div>
      </div>
    </main>
  );
}

export function AuthHeading({ title, subtitle }: { title: string; subtitle?: string }) {
  return (
    <div className="mb-6 text-center">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 dark:text-white">{title}</h1>
      {subtitle && <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{subtitle}</p>}
    </div>
  );
}

export const authLinkClassName =
  'font-semibold text-indigo-600 hover:text-indigo-500 focus-visible:outline-2 focus-visible:outline-indigo-600 rounded dark:text-indigo-400 dark:hover:text-indigo-300';
