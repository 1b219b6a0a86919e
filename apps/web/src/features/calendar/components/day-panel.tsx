import type { CalendarItem } from '@tasklane/contract';
import { CheckSquare, ListTodo, Plus } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { formatEnum } from '@/lib/format';
import { longDayLabel, type DayKey } from '../lib/calendar-dates';
import { canMove, categoryNameOf, colorOf, isDone, itemKey, taskHref } from '../lib/calendar-items';

export interface DayPanelProps {
  day: DayKey | null;
  items: readonly CalendarItem[];
  locale?: string;
  onClose: () => void;
  /** Moves an item to another day (the keyboard's way to do what a drag does). */
  onMove: (item: CalendarItem, day: DayKey) => void;
  /** Offered when the person may create one: a todo or a task due this day. */
  onCreateTodo?: (day: DayKey) => void;
  onCreateTask?: (day: DayKey) => void;
}

/**
 * A day opened (Enter on it, or a click): what is due that day, each with a date field to move
 * it to another day, and the buttons that create a todo or a task due that day.
 */
export function DayPanel({ day, items, locale, onClose, onMove, onCreateTodo, onCreateTask }: DayPanelProps) {
  return (
    <Dialog
      open={day !== null}
      onOpenChange={(open) => !open && onClose()}
      title={day ? longDayLabel(day, locale) : ''}
      description={items.length === 0 ? 'Nothing is due on this day.' : `${items.length} due on this day.`}
      footer={
        day && (
          <>
            {onCreateTask && (
              <Button variant="secondary" onClick={() => onCreateTask(day)}>
                <Plus aria-hidden="true" className="size-4" />
                New task
              </Button>
            )}
            {onCreateTodo && (
              <Button onClick={() => onCreateTodo(day)}>
                <Plus aria-hidden="true" className="size-4" />
                New todo
              </Button>
            )}
          </>
        )
      }
    >
      {items.length > 0 && day && (
        <ul className="divide-y divide-slate-200 dark:divide-slate-700" aria-label="Due this day">
          {items.map((item) => (
            <DayPanelItem key={itemKey(item)} item={item} day={day} onMove={onMove} />
          ))}
        </ul>
      )}
    </Dialog>
  );
}

function DayPanelItem({ item, day, onMove }: { item: CalendarItem; day: DayKey; onMove: DayPanelProps['onMove'] }) {
  const href = taskHref(item);
  const Icon = item.kind === 'task' ? CheckSquare : ListTodo;
  const category = categoryNameOf(item);
  const fieldId = `move-${itemKey(item).replace(':', '-')}`;
  return (
    <li className="flex flex-wrap items-center gap-3 py-3">
      <span aria-hidden="true" className="size-3 shrink-0 rounded-full" style={{ backgroundColor: colorOf(item) }} />
      <div className="min-w-0 flex-1">
        <p className={cn('flex items-center gap-1.5 text-sm font-medium text-slate-900 dark:text-white', isDone(item) && 'text-slate-500 line-through dark:text-slate-400')}>
          <Icon aria-label={item.kind === 'task' ? 'Task' : 'Todo'} className="size-4 shrink-0 text-slate-500" />
          {href ? (
            <Link to={href} className="truncate rounded text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600 dark:text-indigo-300">
              {item.kind === 'task' && `${item.key} `}
              {item.title}
            </Link>
          ) : (
            <span className="truncate">{item.title}</span>
          )}
        </p>
        <p className="mt-0.5 flex flex-wrap items-center gap-1.5 text-xs text-slate-500 dark:text-slate-400">
          {item.kind === 'task' && <span>{item.projectId.name} · {item.featureId.title}</span>}
          {category && <span>{category}</span>}
          <Badge tone="slate">{formatEnum(item.status)}</Badge>
          {item.isOverdue && <Badge tone="red">Overdue</Badge>}
        </p>
      </div>
      {canMove(item) && (
        <form
          className="flex items-center gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            const next = new FormData(event.currentTarget).get('day');
            if (typeof next === 'string' && next && next !== day) onMove(item, next);
          }}
        >
          <label htmlFor={fieldId} className="sr-only">
            New due date of {item.title}
          </label>
          <Input id={fieldId} name="day" type="date" required className="h-8 w-auto py-0 text-xs" defaultValue={day} />
          <Button type="submit" variant="secondary" className="h-8 px-2.5 text-xs" aria-label={`Move ${item.title} to this date`}>
            Move
          </Button>
        </form>
      )}
    </li>
  );
}
