import type { HistoryAction, TaskHistoryEntry } from '@tasklane/contract';
import {
  ArrowRightLeft,
  CalendarClock,
  Clock,
  FileX,
  Flag,
  History,
  Link2,
  Link2Off,
  ListPlus,
  ListX,
  Lock,
  LockOpen,
  Paperclip,
  PencilLine,
  Plus,
  Timer,
  UserRound,
  type LucideIcon,
} from 'lucide-react';
import { cardClassName } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { formatDateTime, formatRelativeTime } from '@/lib/relative-time';
import { describeHistoryEntry } from '../lib/history-lines';

const icons: Record<HistoryAction, { icon: LucideIcon; tone: string }> = {
  CREATED: { icon: Plus, tone: 'bg-emerald-50 text-emerald-600 dark:bg-emerald-950 dark:text-emerald-300' },
  STATUS_CHANGED: { icon: ArrowRightLeft, tone: 'bg-blue-50 text-blue-600 dark:bg-blue-950 dark:text-blue-300' },
  PRIORITY_CHANGED: { icon: Flag, tone: 'bg-orange-50 text-orange-600 dark:bg-orange-950 dark:text-orange-300' },
  DUE_DATE_CHANGED: { icon: CalendarClock, tone: 'bg-violet-50 text-violet-600 dark:bg-violet-950 dark:text-violet-300' },
  ASSIGNEE_CHANGED: { icon: UserRound, tone: 'bg-cyan-50 text-cyan-700 dark:bg-cyan-950 dark:text-cyan-300' },
  ESTIMATED_HOURS_CHANGED: { icon: Timer, tone: 'bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-300' },
  ACTUAL_HOURS_CHANGED: { icon: Clock, tone: 'bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-300' },
  BLOCKED: { icon: Lock, tone: 'bg-red-50 text-red-600 dark:bg-red-950 dark:text-red-300' },
  UNBLOCKED: { icon: LockOpen, tone: 'bg-emerald-50 text-emerald-600 dark:bg-emerald-950 dark:text-emerald-300' },
  UPDATED: { icon: PencilLine, tone: 'bg-indigo-50 text-indigo-600 dark:bg-indigo-950 dark:text-indigo-300' },
  ATTACHMENT_ADDED: { icon: Paperclip, tone: 'bg-sky-50 text-sky-600 dark:bg-sky-950 dark:text-sky-300' },
  ATTACHMENT_REMOVED: { icon: FileX, tone: 'bg-rose-50 text-rose-600 dark:bg-rose-950 dark:text-rose-300' },
  RELATION_ADDED: { icon: Link2, tone: 'bg-teal-50 text-teal-700 dark:bg-teal-950 dark:text-teal-300' },
  RELATION_REMOVED: { icon: Link2Off, tone: 'bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-300' },
  SUBTASK_ADDED: { icon: ListPlus, tone: 'bg-emerald-50 text-emerald-600 dark:bg-emerald-950 dark:text-emerald-300' },
  SUBTASK_REMOVED: { icon: ListX, tone: 'bg-rose-50 text-rose-600 dark:bg-rose-950 dark:text-rose-300' },
};

/** The task's history, newest first (the server's order): one line per change, with when. */
export function TaskHistory({ history }: { history: readonly TaskHistoryEntry[] }) {
  return (
    <section aria-labelledby="task-history-heading" className={cardClassName}>
      <h2 id="task-history-heading" className="flex items-center gap-2 border-b border-slate-200 px-5 py-4 text-base font-semibold text-slate-900 dark:border-slate-800 dark:text-white">
        <History aria-hidden="true" className="size-4.5 text-slate-400" />
        History
      </h2>
      {history.length === 0 ? (
        <p className="px-5 py-6 text-center text-sm text-slate-500 dark:text-slate-400">No history yet</p>
      ) : (
        <ol aria-label="History" className="px-5 py-4">
          {history.map((entry, index) => {
            const { icon: Icon, tone } = icons[entry.action];
            const isLast = index === history.length - 1;
            return (
              <li key={entry._id} className="relative flex gap-3 pb-5 last:pb-0">
                {!isLast && <span aria-hidden="true" className="absolute left-3.5 top-8 -ml-px h-[calc(100%-2rem)] w-px bg-slate-200 dark:bg-slate-800" />}
                <span aria-hidden="true" className={cn('relative flex size-7 shrink-0 items-center justify-center rounded-full', tone)}>
                  <Icon className="size-3.5" />
                </span>
                <div className="min-w-0 pt-0.5">
                  <p className="break-words text-sm text-slate-700 dark:text-slate-300">{describeHistoryEntry(entry)}</p>
                  <time dateTime={entry.timestamp} title={formatDateTime(entry.timestamp)} className="text-xs text-slate-500 dark:text-slate-400">
                    {formatRelativeTime(entry.timestamp)}
                  </time>
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
