import {
  isTaskKey,
  relationLabel,
  type CreateTaskRelationBody,
  type SearchResult,
  type TaskDetail,
  type TaskRelation,
  type TaskRelationInputType,
} from '@tasklane/contract';
import { Link2, Plus, X } from 'lucide-react';
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { TaskStatusBadge } from '@/components/domain/enum-badges';
import { Button } from '@/components/ui/button';
import { cardClassName } from '@/components/ui/card';
import { IconButton } from '@/components/ui/icon-button';
import { inputClassName } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { errorMessage } from '@/lib/errors';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useAddRelation, useRemoveRelation } from '../api/change-relation';
import { useRelations } from '../api/get-relations';
import { useTaskSearch } from '../api/search-tasks';
import { TaskKey } from './task-key';

/** The relation types as the form offers them, from this task's side. */
export const relationTypeOptions: ReadonlyArray<{ value: TaskRelationInputType; label: string }> = [
  { value: 'BLOCKED_BY', label: 'Blocked by' },
  { value: 'BLOCKS', label: 'Blocks' },
  { value: 'RELATES_TO', label: 'Relates to' },
  { value: 'DUPLICATES', label: 'Duplicates' },
  { value: 'DUPLICATED_BY', label: 'Duplicated by' },
];

/** The groups the section lists, in this order. */
const GROUPS = ['Blocked by', 'Blocks', 'Relates to', 'Duplicates', 'Duplicated by'] as const;

type TaskOfPage = Pick<TaskDetail, '_id' | 'key' | 'projectId' | 'featureId' | 'abilities'>;

/**
 * Issue 19: the task's relations on its page, grouped ("Blocked by", "Blocks", "Relates to",
 * "Duplicates", "Duplicated by"), each a link to the other task with its status; for those who
 * may edit the task, a remove button on each and a form to add one (the other task picked by
 * its key or title).
 */
export function TaskRelations({ task, currentUserId }: { task: TaskOfPage; currentUserId: string | undefined }) {
  const relationsQuery = useRelations(task._id);
  const remove = useRemoveRelation({ currentUserId });
  const canEdit = task.abilities.canEdit;
  const relations = relationsQuery.data ?? [];
  const grouped = GROUPS.map((label) => ({ label, items: relations.filter((relation) => relationLabel(relation.type, relation.direction) === label) })).filter(
    (group) => group.items.length > 0,
  );

  const removeOne = (relation: TaskRelation) =>
    remove.mutate(
      { task, relation },
      {
        onSuccess: () => void toast.success('Relation removed'),
        onError: (error) => void toast.error(errorMessage(error, 'Failed to remove relation')),
      },
    );

  return (
    <section aria-labelledby="task-relations-heading" className={cn(cardClassName, 'p-5')}>
      <h2 id="task-relations-heading" className="flex items-center gap-2 text-base font-semibold text-slate-900 dark:text-white">
        <Link2 aria-hidden="true" className="size-4.5 text-slate-400" />
        Relations
        {relations.length > 0 && <span className="text-sm font-normal text-slate-500 dark:text-slate-400">({relations.length})</span>}
      </h2>
      {relationsQuery.isPending ? (
        <p className="mt-3 text-sm text-slate-500 dark:text-slate-400">Loading relations...</p>
      ) : relationsQuery.isError ? (
        <p role="alert" className="mt-3 text-sm text-red-600 dark:text-red-400">
          {errorMessage(relationsQuery.error, 'Failed to fetch relations')}
        </p>
      ) : grouped.length === 0 ? (
        <p className="mt-3 text-sm text-slate-500 dark:text-slate-400">No related tasks</p>
      ) : (
        <div className="mt-3 space-y-3">
          {grouped.map((group) => (
            <div key={group.label}>
              <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400">{group.label}</h3>
              <ul aria-label={group.label} className="mt-1.5 space-y-1">
                {group.items.map((relation) => (
                  <li key={relation._id} className="flex items-center gap-2 rounded-lg px-2 py-1.5 hover:bg-slate-50 dark:hover:bg-slate-800/60">
                    <Link
                      to={paths.task.href(task.projectId._id, relation.task.featureId, relation.task._id)}
                      className="flex min-w-0 flex-1 items-center gap-2 rounded text-sm text-slate-800 hover:text-indigo-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:text-slate-200 dark:hover:text-indigo-400"
                    >
                      <TaskKey taskKey={relation.task.key} />
                      <span className={cn('truncate', (relation.task.status === 'COMPLETED' || relation.task.status === 'CANCELLED') && 'line-through opacity-70')}>
                        {relation.task.title}
                      </span>
                    </Link>
                    <TaskStatusBadge status={relation.task.status} />
                    {canEdit && (
                      <IconButton
                        label={`Remove relation: ${group.label.toLowerCase()} ${relation.task.key}`}
                        tooltip="Remove relation"
                        tone="danger"
                        className="size-7"
                        disabled={remove.isPending && remove.variables?.relation._id === relation._id}
                        icon={<X aria-hidden="true" className="size-4" />}
                        onClick={() => removeOne(relation)}
                      />
                    )}
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      )}
      {canEdit && <AddRelationForm task={task} currentUserId={currentUserId} />}
    </section>
  );
}

/** The other tasks of the project a search found, the task itself left out. */
function candidatesOf(results: readonly SearchResult[] | undefined, task: TaskOfPage) {
  return (results ?? []).filter((result) => result.type === 'task' && result.project?._id === task.projectId._id && result._id !== task._id);
}

/**
 * Add a relation: its type and the other task, picked from a search of the project's tasks by
 * key or title (a combobox: arrows move, Enter picks, Escape closes), or typed as a key (WEB-12).
 */
function AddRelationForm({ task, currentUserId }: { task: TaskOfPage; currentUserId: string | undefined }) {
  const id = useId();
  const add = useAddRelation({ currentUserId });
  const [type, setType] = useState<TaskRelationInputType>('BLOCKED_BY');
  const [text, setText] = useState('');
  const [picked, setPicked] = useState<SearchResult | null>(null);
  const [isOpen, setIsOpen] = useState(false);
  const [active, setActive] = useState(0);
  const [failure, setFailure] = useState<string | null>(null);
  const query = useDebouncedValue(picked ? '' : text, 250);
  const search = useTaskSearch(query);
  const options = candidatesOf(search.data, task);
  const isListShown = isOpen && !picked && text.trim() !== '' && query.trim() !== '';
  const typedKey = text.trim();
  const target = picked?._id ?? (isTaskKey(typedKey) ? typedKey : null);

  const pick = (option: SearchResult) => {
    setPicked(option);
    setText(option.title);
    setIsOpen(false);
    setFailure(null);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!isListShown || options.length === 0) {
      if (event.key === 'ArrowDown') setIsOpen(true);
      return;
    }
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (current + step + options.length) % options.length);
    } else if (event.key === 'Enter') {
      const option = options[Math.min(active, options.length - 1)];
      if (option) {
        event.preventDefault();
        pick(option);
      }
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setIsOpen(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!target) return;
    const body: CreateTaskRelationBody = { type, taskId: target };
    add.mutate(
      { task, body },
      {
        onSuccess() {
          toast.success('Relation added');
          setText('');
          setPicked(null);
          setFailure(null);
        },
        // A cycle, a duplicate, a task of another project: the server's message says which.
        onError: (error) => setFailure(errorMessage(error, 'Failed to add relation')),
      },
    );
  };

  const listId = `${id}-tasks`;
  const optionId = (index: number) => `${id}-task-${index}`;
  return (
    <form onSubmit={submit} className="mt-4 border-t border-slate-200 pt-4 dark:border-slate-800" aria-label="Add a relation">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="sm:w-40">
          <label htmlFor={`${id}-type`} className="mb-1 block text-xs font-medium text-slate-600 dark:text-slate-400">
            Relation
          </label>
          <Select id={`${id}-type`} value={type} onChange={(event) => setType(event.target.value as TaskRelationInputType)} options={relationTypeOptions} />
        </div>
        <div className="relative min-w-0 flex-1">
          <label htmlFor={`${id}-task`} className="mb-1 block text-xs font-medium text-slate-600 dark:text-slate-400">
            Task
          </label>
          <input
            id={`${id}-task`}
            role="combobox"
            aria-expanded={isListShown}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={isListShown && options.length > 0 ? optionId(Math.min(active, options.length - 1)) : undefined}
            autoComplete="off"
            placeholder="Key or title, e.g. WEB-12"
            className={inputClassName}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setPicked(null);
              setIsOpen(true);
              setActive(0);
              setFailure(null);
            }}
            onKeyDown={onKeyDown}
            onBlur={() => setIsOpen(false)}
          />
          {isListShown && (
            <ul
              id={listId}
              role="listbox"
              aria-label="Matching tasks"
              className="absolute z-20 mt-1 max-h-64 w-full overflow-y-auto rounded-lg border border-slate-200 bg-white py-1 shadow-lg dark:border-slate-700 dark:bg-slate-800"
            >
              {options.length === 0 ? (
                <li role="presentation" className="px-3 py-2 text-sm text-slate-500 dark:text-slate-400">
                  {search.isFetching ? 'Searching...' : 'No matching task in this project'}
                </li>
              ) : (
                options.map((option, index) => (
                  <li
                    key={option._id}
                    id={optionId(index)}
                    role="option"
                    aria-selected={index === active}
                    // Before the input's blur closes the list.
                    onMouseDown={(event) => {
                      event.preventDefault();
                      pick(option);
                    }}
                    onMouseEnter={() => setActive(index)}
                    className={cn(
                      'cursor-pointer px-3 py-1.5 text-sm',
                      index === active ? 'bg-indigo-50 text-indigo-900 dark:bg-indigo-950 dark:text-indigo-100' : 'text-slate-800 dark:text-slate-200',
                    )}
                  >
                    <span className="block truncate">{option.title}</span>
                    {option.feature && <span className="block truncate text-xs text-slate-500 dark:text-slate-400">{option.feature.title}</span>}
                  </li>
                ))
              )}
            </ul>
          )}
        </div>
        <Button type="submit" variant="secondary" disabled={!target} isLoading={add.isPending}>
          {!add.isPending && <Plus aria-hidden="true" className="size-4" />}
          Add
        </Button>
      </div>
      {failure && (
        <p role="alert" className="mt-2 text-sm text-red-600 dark:text-red-400">
          {failure}
        </p>
      )}
    </form>
  );
}
