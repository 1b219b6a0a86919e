import { QueryFallback } from '@/components/domain/query-state';
import { formatCount } from '@/lib/format';
import { useInstanceFacts } from '../api/get-instance-facts';
import { formatBytes } from '../lib/format-bytes';
import { AdminSection } from './section';

/** The instance's facts: what runs, on what, and how much it holds. */
export function InstanceSection() {
  const query = useInstanceFacts();
  const facts = query.data;
  return (
    <AdminSection id="admin-instance" title="Instance" description="What this Tasklane runs on and how much it holds.">
      {!facts ? (
        <QueryFallback query={query} loading="Loading instance facts..." errorMessage="Failed to fetch the instance facts" />
      ) : (
        <dl className="grid gap-4 sm:grid-cols-3">
          {[
            ['Version', facts.version],
            ['Database', facts.database.description],
            ['Users', formatCount(facts.counts.users)],
            ['Projects', formatCount(facts.counts.projects)],
            ['Tasks', formatCount(facts.counts.tasks)],
            ['Attachment storage', formatBytes(facts.attachmentBytes)],
          ].map(([term, value]) => (
            <div key={term} className="rounded-lg bg-slate-50 p-3 dark:bg-slate-800/50">
              <dt className="text-xs font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400">{term}</dt>
              <dd className="mt-1 text-sm font-medium text-slate-900 dark:text-white">{value}</dd>
            </div>
          ))}
        </dl>
      )}
    </AdminSection>
  );
}
