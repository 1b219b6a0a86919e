import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';

/** One part of the admin screen: a card with its heading (a landmark named by it) and a line on what it is for. */
export function AdminSection({ id, title, description, actions, children }: { id: string; title: string; description: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`}>
      <Card className="p-5">
        <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
          <div>
            <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900 dark:text-white">
              {title}
            </h2>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{description}</p>
          </div>
          {actions}
        </div>
        {children}
      </Card>
    </section>
  );
}
