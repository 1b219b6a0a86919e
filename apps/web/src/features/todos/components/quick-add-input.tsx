import { useQueryClient } from '@tanstack/react-query';
import { formatShortDate, type Category, type Me, type Priority } from '@tasklane/contract';
import { CalendarDays, Folder, Hash, Zap } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { priorityTones } from '@/components/domain/enum-badges';
import { Badge } from '@/components/ui/badge';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/errors';
import { formatEnum } from '@/lib/format';
import { queryKeys } from '@/lib/query-keys';
import { useIsStaticScreen } from '@/lib/static-screen';
import { useDefaultTodoCategory } from '../api/default-todo-category';
import { useTodoCategories } from '../api/get-todo-categories';
import { useQuickAddTodo } from '../api/quick-add-todo';
import type * as QuickAdd from '../lib/quick-add';
import type { QuickAddParts } from '../lib/quick-add';

type Parser = typeof QuickAdd;

// The parser carries chrono-node: it loads when the person first focuses or types, never with the page.
let parserLoading: Promise<Parser> | undefined;
const loadParser = () => (parserLoading ??= import('../lib/quick-add'));

/** The browser's zone, for a person who has not chosen one yet (the shell saves it soon after). */
const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

const INBOX = 'Inbox';

/**
 * The one-line quick add (issue 18, decision 032): "Pay rent tomorrow 5pm !high #home @Personal"
 * shows what it read as chips while the person types; Enter creates the todo and empties the line,
 * which keeps the focus for the next one. Without `@category` the todo goes to the default
 * category ("Inbox", made by the first such todo).
 */
export function QuickAddInput({ timeZone, now = () => new Date() }: { timeZone?: string | null; now?: () => Date }) {
  const inputId = useId();
  const helpId = useId();
  const chipsId = useId();
  const errorId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  // In the dashboard's HTML, before the app has loaded (lib/static-screen.ts): nothing to type into yet.
  const isStatic = useIsStaticScreen();
  const [text, setText] = useState('');
  const [parser, setParser] = useState<Parser | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [added, setAdded] = useState('');
  const [isActive, setIsActive] = useState(false);
  const categoriesQuery = useTodoCategories();
  const defaultQuery = useDefaultTodoCategory({ enabled: isActive });
  const mutation = useQuickAddTodo();
  // The person's zone (decision 027) decides which day "tomorrow" is; the session's answer holds it.
  const queryClient = useQueryClient();
  const zone = timeZone ?? queryClient.getQueryData<Me | null>(queryKeys.me())?.timeZone ?? browserTimeZone();

  const activate = () => {
    if (isActive) return;
    setIsActive(true);
    void loadParser().then(setParser, () => setError('Quick add could not load. Check your connection and try again.'));
  };

  const parts = parser && text.trim() ? parser.parseQuickAdd(text, now(), zone) : null;
  const categories = categoriesQuery.data ?? [];
  const namedCategory = parts?.category ? parser!.findCategoryByName(categories, parts.category) : undefined;
  const defaultName = defaultQuery.data?.name ?? INBOX;

  // A changed line clears the last failure: it described another line.
  useEffect(() => setError(null), [text]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending || !text.trim()) return;
    const module = parser ?? (await loadParser());
    const read = module.parseQuickAdd(text, now(), zone);
    if (!read.title) return setError('Title is required');
    let category: Category | undefined;
    if (read.category) {
      category = module.findCategoryByName(categoriesQuery.data ?? [], read.category);
      if (!category) return setError(`No todo category is named "${read.category}"`);
    }
    mutation.mutate(
      {
        title: read.title,
        dueDate: read.dueDate,
        ...(read.priority ? { priority: read.priority } : {}),
        tags: read.tags,
        category: category?._id ?? null,
      },
      {
        onSuccess: (todo) => {
          setText('');
          setAdded(`Added "${todo.title}" to ${todo.category?.name ?? defaultName}`);
          inputRef.current?.focus();
        },
        onError: (failure) => setError(errorMessage(failure, 'Failed to create todo', 'An error occurred while submitting the todo')),
      },
    );
  };

  return (
    <form onSubmit={(event) => void submit(event)} aria-label="Quick add" className="space-y-2">
      <label htmlFor={inputId} className="sr-only">
        Quick add a todo
      </label>
      <div className="relative">
        <Zap aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" />
        <Input
          ref={inputRef}
          id={inputId}
          value={text}
          onFocus={activate}
          onChange={(event) => {
            activate();
            setText(event.target.value);
          }}
          placeholder='Quick add: "Pay rent tomorrow !high #home @Personal", then Enter'
          autoComplete="off"
          enterKeyHint="done"
          maxLength={500}
          className="pl-9"
          aria-describedby={`${helpId} ${chipsId}${error ? ` ${errorId}` : ''}`}
          aria-invalid={error ? true : undefined}
          aria-busy={mutation.isPending || undefined}
          disabled={isStatic}
        />
      </div>
      <p id={helpId} className="sr-only">
        A date in English such as tomorrow or next friday, !low, !medium, !high or !urgent for the priority, #tag for tags, and
        @category or @"two words" for the category. Enter adds the todo.
      </p>
      <div id={chipsId} className="flex min-h-6 flex-wrap items-center gap-1.5 text-xs">
          {parts && (
          <QuickAddChips
            parts={parts}
            categoryName={namedCategory?.name ?? parts.category}
            isUnknownCategory={Boolean(parts.category && !namedCategory && categoriesQuery.isSuccess)}
            defaultName={defaultName}
          />
        )}
      </div>
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : (
        <p role="status" className="sr-only">
          {added}
        </p>
      )}
    </form>
  );
}

function QuickAddChips({
  parts,
  categoryName,
  isUnknownCategory,
  defaultName,
}: {
  parts: QuickAddParts;
  categoryName: string | null;
  isUnknownCategory: boolean;
  defaultName: string;
}) {
  return (
    <ul aria-label="Quick add will create" className="flex flex-wrap items-center gap-1.5">
      <li>
        <Badge tone="slate">Title: {parts.title || '(none yet)'}</Badge>
      </li>
      {parts.dueDate && (
        <li>
          <Badge tone="indigo">
            <CalendarDays aria-hidden="true" className="size-3" />
            Due {formatShortDate(parts.dueDate)}
          </Badge>
        </li>
      )}
      {parts.priority && (
        <li>
          <Badge tone={priorityTones[parts.priority]}>Priority: {formatEnum(parts.priority satisfies Priority)}</Badge>
        </li>
      )}
      {parts.tags.map((tag) => (
        <li key={tag}>
          <Badge tone="violet">
            <Hash aria-hidden="true" className="size-3" />
            <span className="sr-only">Tag </span>
            {tag}
          </Badge>
        </li>
      ))}
      <li>
        <Badge tone={isUnknownCategory ? 'red' : 'green'}>
          <Folder aria-hidden="true" className="size-3" />
          {categoryName
            ? isUnknownCategory
              ? `No category named "${categoryName}"`
              : `Category: ${categoryName}`
            : `Category: ${defaultName} (default)`}
        </Badge>
      </li>
    </ul>
  );
}
