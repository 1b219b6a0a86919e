import { ChevronDown, ChevronRight, Webhook as WebhookIcon } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { cardClassName } from '@/components/ui/card';
import { cn } from '@/lib/cn';

// Loaded on first opening: the project page's first screen ships without it.
const WebhooksSection = lazy(() => import('@/features/webhooks/components/webhooks-section'));

/**
 * The project page's Webhooks area (issue 20): shown only to those its abilities let manage
 * webhooks (project ADMINs), collapsed until opened, its code loaded then.
 */
export function ProjectWebhooks({ projectId }: { projectId: string }) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <section aria-labelledby="project-webhooks" className={cn(cardClassName, 'mt-8 p-5 sm:p-6')}>
      <h2 id="project-webhooks" className="text-lg font-semibold text-slate-900 dark:text-white">
        <button
          type="button"
          aria-expanded={isOpen}
          aria-controls="project-webhooks-body"
          className="inline-flex items-center gap-2 rounded focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
          onClick={() => setIsOpen((open) => !open)}
        >
          {isOpen ? <ChevronDown aria-hidden="true" className="size-5" /> : <ChevronRight aria-hidden="true" className="size-5" />}
          <WebhookIcon aria-hidden="true" className="size-5 text-slate-500" />
          Webhooks
        </button>
      </h2>
      {isOpen && (
        <div id="project-webhooks-body" className="mt-4">
          <Suspense fallback={<p className="text-sm text-slate-500 dark:text-slate-400">Loading webhooks...</p>}>
            <WebhooksSection projectId={projectId} />
          </Suspense>
        </div>
      )}
    </section>
  );
}
