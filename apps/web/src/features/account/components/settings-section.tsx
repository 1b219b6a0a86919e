import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';

/** One section of the settings page: a card with its heading (the region's name) and description. */
export function SettingsSection({ id, title, description, children }: { id: string; title: string; description?: ReactNode; children: ReactNode }) {
  return (
    <Card className="p-5 sm:p-6">
      <section aria-labelledby={id}>
        <h2 id={id} className="text-lg font-semibold text-slate-900 dark:text-white">
          {title}
        </h2>
        {description && <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{description}</p>}
        <div className="mt-5">{children}</div>
      </section>
    </Card>
  );
}
