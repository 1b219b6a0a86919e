import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type ChangeEvent, type FocusEvent, type KeyboardEvent, type SyntheticEvent } from 'react';
import { Textarea, type TextareaProps } from '@/components/ui/textarea';
import { cn } from '@/lib/cn';

/** Someone who may be mentioned: a member of the project. */
export interface Mentionable {
  _id: string;
  username: string;
  fullName: string;
}

/** A mention being typed: where its `@` is, and what follows it up to the caret. */
export interface ActiveMention {
  start: number;
  query: string;
}

const MAX_SUGGESTIONS = 8;

/**
 * The `@name` being typed just before the caret, or null. The `@` must start the text or follow
 * something that cannot be part of a username (so an email address is not a mention); what
 * follows it is made of the characters usernames may hold.
 */
export function activeMention(text: string, caret: number): ActiveMention | null {
  const match = /(?:^|[^A-Za-z0-9._@-])@([A-Za-z0-9._-]{0,50})$/.exec(text.slice(0, caret));
  if (!match) return null;
  const query = match[1] ?? '';
  return { start: caret - query.length - 1, query };
}

/** The people whose username, full name or a word of it starts with `query`, usernames first. */
export function suggestMentionables(people: readonly Mentionable[], query: string): Mentionable[] {
  const wanted = query.toLowerCase();
  const byUsername = people.filter((person) => person.username.toLowerCase().startsWith(wanted));
  const byName = people.filter(
    (person) =>
      !byUsername.includes(person) &&
      (person.fullName.toLowerCase().startsWith(wanted) || person.fullName.toLowerCase().split(/\s+/).some((word) => word.startsWith(wanted))),
  );
  return [...byUsername, ...byName].slice(0, MAX_SUGGESTIONS);
}

export interface MentionTextareaProps extends Omit<TextareaProps, 'value'> {
  /** The text (a controlled field: with react-hook-form, through useController). */
  value: string;
  /** Every change of the text, typed or a mention inserted. */
  onValueChange: (value: string) => void;
  /** Who typing `@` offers (the project's members); nothing is offered while undefined. */
  mentionables: readonly Mentionable[] | undefined;
}

/**
 * A textarea that offers the project's members while a `@mention` is typed (issue 17): the
 * suggestions are a listbox tied to the field (aria-autocomplete, aria-controls,
 * aria-activedescendant); Arrow keys move through them, Enter or Tab inserts `@username `,
 * Escape closes them until the next `@`. The field keeps its textbox role (a textarea may have no
 * other), so its label and every other use of it stay as they were.
 */
export function MentionTextarea({
  value,
  onValueChange,
  mentionables,
  ref,
  onKeyDown,
  onChange,
  onSelect,
  onBlur,
  className,
  ...props
}: MentionTextareaProps) {
  const field = useRef<HTMLTextAreaElement | null>(null);
  // Where the caret goes once an inserted mention is on screen.
  const pendingCaret = useRef<number | null>(null);
  const listId = useId();
  const [mention, setMention] = useState<ActiveMention | null>(null);
  const [activeIndex, setActiveIndex] = useState(0);
  // The `@` whose suggestions Escape closed: they stay closed until another `@` is typed.
  const [dismissed, setDismissed] = useState<number | null>(null);

  const suggestions = mention && mentionables ? suggestMentionables(mentionables, mention.query) : [];
  const isOpen = suggestions.length > 0;
  const active = Math.min(activeIndex, suggestions.length - 1);

  // A dialog around the field (Radix) closes on Escape from a keydown listener of the document's
  // capture phase, before the field hears of it. While suggestions are open, this one (added
  // first: a child's effects run before its parents') marks that Escape as handled, so it
  // closes the suggestions and not the dialog with the text being written.
  const isOpenNow = useRef(false);
  useEffect(() => {
    isOpenNow.current = isOpen;
  });
  useEffect(() => {
    const owner = field.current?.ownerDocument ?? document;
    const claimEscape = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape' && isOpenNow.current && event.target === field.current) event.preventDefault();
    };
    owner.addEventListener('keydown', claimEscape, { capture: true });
    return () => owner.removeEventListener('keydown', claimEscape, { capture: true });
  }, []);

  const setRefs = useCallback(
    (node: HTMLTextAreaElement | null) => {
      field.current = node;
      if (typeof ref === 'function') ref(node);
      else if (ref) ref.current = node;
    },
    [ref],
  );

  const follow = (target: HTMLTextAreaElement) => {
    const found = target.selectionStart === target.selectionEnd ? activeMention(target.value, target.selectionStart) : null;
    const next = found && found.start !== dismissed ? found : null;
    if (next?.start !== mention?.start || next?.query !== mention?.query) setActiveIndex(0);
    if (!found) setDismissed(null);
    setMention(next);
  };

  const insert = (person: Mentionable) => {
    const target = field.current;
    if (!target || !mention) return;
    const text = `@${person.username} `;
    pendingCaret.current = mention.start + text.length;
    setMention(null);
    onValueChange(value.slice(0, mention.start) + text + value.slice(target.selectionStart));
  };

  useLayoutEffect(() => {
    const target = field.current;
    if (!target || pendingCaret.current === null) return;
    target.setSelectionRange(pendingCaret.current, pendingCaret.current);
    pendingCaret.current = null;
  }, [value]);

  const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (isOpen && mention) {
      const isPlain = !event.ctrlKey && !event.metaKey && !event.altKey;
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActiveIndex((active + step + suggestions.length) % suggestions.length);
        return;
      }
      if ((event.key === 'Enter' || event.key === 'Tab') && isPlain && !event.shiftKey) {
        event.preventDefault();
        insert(suggestions[active]!);
        return;
      }
      if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        setDismissed(mention.start);
        setMention(null);
        return;
      }
    }
    onKeyDown?.(event);
  };

  return (
    <div className="relative">
      <Textarea
        ref={setRefs}
        className={className}
        {...props}
        value={value}
        aria-autocomplete="list"
        aria-controls={isOpen ? listId : undefined}
        aria-activedescendant={isOpen ? `${listId}-${active}` : undefined}
        onKeyDown={handleKeyDown}
        onChange={(event: ChangeEvent<HTMLTextAreaElement>) => {
          follow(event.currentTarget);
          onValueChange(event.currentTarget.value);
          onChange?.(event);
        }}
        onSelect={(event: SyntheticEvent<HTMLTextAreaElement>) => {
          follow(event.currentTarget);
          onSelect?.(event);
        }}
        onBlur={(event: FocusEvent<HTMLTextAreaElement>) => {
          setMention(null);
          onBlur?.(event);
        }}
      />
      {isOpen && (
        <ul
          id={listId}
          role="listbox"
          aria-label="Mention a member"
          className="absolute inset-x-0 top-full z-30 mt-1 max-h-60 overflow-y-auto rounded-lg border border-slate-200 bg-white py-1 text-sm shadow-lg dark:border-slate-700 dark:bg-slate-900"
        >
          {suggestions.map((person, index) => (
            <li
              key={person._id}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              // Keeps the focus (and the caret) in the field.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => insert(person)}
              className={cn(
                'flex cursor-pointer items-baseline gap-2 px-3 py-1.5',
                index === active ? 'bg-indigo-50 text-indigo-900 dark:bg-indigo-500/20 dark:text-white' : 'text-slate-700 dark:text-slate-200',
              )}
            >
              <span className="font-medium">{person.fullName}</span>
              <span className="text-xs text-slate-500 dark:text-slate-400">@{person.username}</span>
            </li>
          ))}
        </ul>
      )}
      <span className="sr-only" aria-live="polite">
        {isOpen ? `${suggestions.length} ${suggestions.length === 1 ? 'member' : 'members'} to mention` : ''}
      </span>
    </div>
  );
}
