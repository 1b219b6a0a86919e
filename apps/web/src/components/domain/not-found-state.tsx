import { ArrowLeft, SearchX } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClassName } from '@/components/ui/button';
import { Card } from '@/components/ui/card';

/**
 * What a screen shows for a resource that does not exist or that the caller may not see (the
 * API answers 404 for both, so the screen cannot and should not tell them apart).
 */
export function NotFoundState({ title, description, backTo }: { title: string; description: string; backTo: { href: string; label: string } }) {
  return (
    <Card className="mx-auto flex max-w-xl flex-col items-center px-6 py-14 text-center">
      <span className="mb-4 flex size-14 items-center justify-center rounded-full bg-slate-100 text-slate-500 dark:bg-slate-800 dark:text-slate-400">
        <SearchX aria-hidden="true" className="size-7" />
      </span>
      <h1 className="text-xl font-bold text-slate-900 dark:text-white">{title}</h1>
      <p className="mt-2 max-w-sm text-sm text-slate-600 dark:text-slate-400">{description}</p>
      <Link to={backTo.href} className={buttonClassName('secondary', 'mt-6')}>
        <ArrowLeft aria-hidden="true" className="size-4" />
        {backTo.label}
      </Link>
    </Card>
  );
}
