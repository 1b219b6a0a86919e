import * as DialogPrimitive from '@radix-ui/react-dialog';
import { searchTypes, type SearchResult, type SearchType } from '@tasklane/contract';
import { Command } from 'cmdk';
import { AlertCircle, Briefcase, CheckSquare, ClipboardList, Clock, FolderKanban, Layers, ListTodo, MessageSquare, Search } from 'lucide-react';
import { useEffect, useEffectEvent, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { overlayClassName } from '@/components/ui/dialog';
import { useFocusReturn } from '@/components/ui/focus-return';
import { LiveRegion } from '@/components/ui/live-region';
import { Spinner } from '@/components/ui/spinner';
import { useMe } from '@/features/auth/api/get-me';
import { useSearchEverything } from '@/features/search/api/search-everything';
import { cn } from '@/lib/cn';
import { describeError } from '@/lib/errors';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { filterCommands, featureCommandQuery, usePaletteCommands, type PaletteCommand } from './palette-commands';
import { contextOf, readRecents, rememberRecent, type RecentItem } from './recents';
import { splitSnippet } from './snippet';

/** How long typing must pause before the palette searches. */
export const PALETTE_DEBOUNCE_MS = 200;

const groupHeadings: Record<SearchType, string> = {
  task: 'Tasks',
  feature: 'Features',
  project: 'Projects',
  workspace: 'Workspaces',
  todo: 'Todos',
  comment: 'Comments',
};

const typeIcons: Record<SearchType, typeof Layers> = {
  task: ClipboardList,
  feature: Layers,
  project: FolderKanban,
  workspace: Briefcase,
  todo: ListTodo,
  comment: MessageSquare,
};

const itemClassName =
  'flex cursor-pointer select-none items-start gap-3 rounded-lg px-3 py-2 text-sm text-slate-700 data-[selected=true]:bg-indigo-50 data-[selected=true]:text-indigo-900 dark:text-slate-200 dark:data-[selected=true]:bg-indigo-500/15 dark:data-[selected=true]:text-white';
const groupClassName =
  '[&_[cmdk-group-heading]]:px-3 [&_[cmdk-group-heading]]:pb-1 [&_[cmdk-group-heading]]:pt-3 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-semibold [&_[cmdk-group-heading]]:uppercase [&_[cmdk-group-heading]]:tracking-wide [&_[cmdk-group-heading]]:text-slate-500 dark:[&_[cmdk-group-heading]]:text-slate-400';

/** A snippet's text with its matched words highlighted (React text, never HTML). */
function Snippet({ snippet }: { snippet: string }) {
  return (
    <span className="line-clamp-2 text-xs text-slate-500 dark:text-slate-400">
      {splitSnippet(snippet).map((part, index) =>
        part.isMatch ? (
          <mark key={index} className="rounded-sm bg-amber-200 px-0.5 text-slate-900 dark:bg-amber-400/30 dark:text-amber-100">
            {part.text}
          </mark>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </span>
  );
}

function ItemBody({ icon, title, detail, context }: { icon: ReactNode; title: string; detail?: ReactNode; context?: string }) {
  return (
    <>
      <span className="mt-0.5 shrink-0 text-slate-400 [&_svg]:size-4">{icon}</span>
      <span className="flex min-w-0 flex-1 flex-col gap-0.5">
        <span className="truncate font-medium">{title}</span>
        {detail}
        {context && <span className="truncate text-xs text-slate-500 dark:text-slate-400">{context}</span>}
      </span>
    </>
  );
}

/** The results of one kind, in the server's order (most relevant first). */
function groupByType(results: readonly SearchResult[]) {
  return searchTypes
    .map((type) => ({ type, items: results.filter((result) => result.type === type) }))
    .filter((group) => group.items.length > 0);
}

/**
 * The command palette (issue 18), loaded on first use: type to search everything the caller can
 * see (GET /search, debounced), results grouped by kind, or run a command; the recently opened
 * items show before anything is typed. Arrow keys move, Enter opens, Escape closes.
 */
export default function CommandPalette({ open, onOpenChange, onShowShortcuts }: { open: boolean; onOpenChange: (open: boolean) => void; onShowShortcuts: () => void }) {
  const navigate = useNavigate();
  const { user } = useMe();
  const [text, setText] = useState('');
  const [recents, setRecents] = useState(() => readRecents(globalThis.localStorage, user?._id));
  const debounced = useDebouncedValue(text, PALETTE_DEBOUNCE_MS);
  const typed = text.trim();
  // "create task in check" looks for the features called "check".
  const searchText = featureCommandQuery(debounced) ?? debounced.trim();
  const searchQuery = useSearchEverything(typed === '' ? '' : searchText);
  // The highlighted item (cmdk's value), held here so that results arriving after the words were
  // typed can be highlighted: see below.
  const [selected, setSelected] = useState('');
  // An Enter kept for the typed words until their results come (see `keepEarlyEnter`).
  const [enterFor, setEnterFor] = useState<string | undefined>(undefined);
  const close = () => {
    setText('');
    setSelected('');
    setEnterFor(undefined);
    onOpenChange(false);
  };
  const focusReturn = useFocusReturn();

  const go = (url: string) => {
    close();
    if (url.startsWith('/')) void navigate(url);
    else window.location.assign(url);
  };
  const openItem = (item: RecentItem) => {
    setRecents(rememberRecent(globalThis.localStorage, user?._id, item));
    go(item.url);
  };

  const isCurrent = typed !== '' && debounced.trim() === typed && !searchQuery.isPlaceholderData;
  const results = typed === '' ? [] : (searchQuery.data ?? []);
  // While the next search runs, the last results stay in place (no flicker at each letter) but
  // dimmed and out of reach: Enter never opens a result of words no longer typed. The same words
  // asked again in the background (a live reset refreshes every query) leave them in reach.
  const isStale = !isCurrent;
  const features = isStale ? [] : results.filter((result) => result.type === 'feature');
  const commands = filterCommands(usePaletteCommands({ features, close, onShowShortcuts }), typed);
  const groups = groupByType(results);
  // cmdk highlights the first item when the words change, but the results come later: the same
  // items, dimmed while stale, are then enabled in place, and cmdk highlights nothing, so Enter
  // opened nothing. When a different first result becomes current, it is highlighted, as it
  // would have been had it come with the words. (Set during render, as React advises for state
  // that follows other state.)
  const firstResult = isStale ? undefined : groups[0]?.items[0];
  const firstResultValue = firstResult ? `${firstResult.type}:${firstResult._id}` : undefined;
  const [highlightedFirst, setHighlightedFirst] = useState<string | undefined>(undefined);
  if (firstResultValue !== highlightedFirst) {
    setHighlightedFirst(firstResultValue);
    if (firstResultValue) setSelected(firstResultValue);
  }
  const openResult = (result: SearchResult) =>
    openItem({ type: result.type, _id: result._id, title: result.title, url: result.url, context: contextOf(result) });
  // Enter pressed while the search for the typed words is still on its way (the rows in view
  // dimmed, or none yet) is kept for those words, and opens their first result when it arrives:
  // a quick typist's Enter is not lost to the pause before the search. Another key drops it, and
  // so do other words, and closing the palette.
  const openKept = useEffectEvent((result: SearchResult) => openResult(result));
  useEffect(() => {
    if (enterFor === undefined || isStale) return;
    setEnterFor(undefined);
    if (enterFor === typed && firstResult) openKept(firstResult);
  }, [enterFor, isStale, typed, firstResult]);
  const keepEarlyEnter = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Enter') {
      if (enterFor !== undefined) setEnterFor(undefined);
      return;
    }
    if (event.nativeEvent.isComposing || typed === '' || !isStale) return;
    // A highlighted item in reach (a command) is cmdk's to open.
    if (event.currentTarget.querySelector('[cmdk-item][aria-selected="true"]:not([aria-disabled="true"])')) return;
    event.preventDefault();
    setEnterFor(typed);
  };
  const isSearching = typed !== '' && (!isCurrent || searchQuery.isFetching) && !searchQuery.isError;
  const searchError = typed !== '' && searchQuery.isError ? describeError(searchQuery.error, 'Search failed', 'Search failed: the server could not be reached') : null;
  const hasNothing = typed !== '' && isCurrent && !searchQuery.isFetching && !searchQuery.isError && results.length === 0 && commands.length === 0;

  const announcement = searchError
    ? `${searchError}. Commands still work.`
    : hasNothing
      ? `No results for ${typed}`
      : typed !== '' && isCurrent && !searchQuery.isFetching
        ? `${results.length} ${results.length === 1 ? 'result' : 'results'}, ${commands.length} ${commands.length === 1 ? 'command' : 'commands'}`
        : '';

  const runCommand = (command: PaletteCommand) => {
    command.run();
  };

  return (
    <DialogPrimitive.Root
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
    >
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className={overlayClassName} />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          onOpenAutoFocus={focusReturn.remember}
          onCloseAutoFocus={focusReturn.restore}
          className="fixed left-1/2 top-[12vh] z-50 flex max-h-[min(36rem,calc(100dvh-6rem))] w-[calc(100vw-2rem)] max-w-2xl -translate-x-1/2 flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-2xl focus:outline-none data-[state=open]:animate-[dialog-in_150ms_ease-out] dark:border-slate-700 dark:bg-slate-900"
        >
          <DialogPrimitive.Title className="sr-only">Command palette</DialogPrimitive.Title>
          <Command
            label="Search everything, or type a command"
            shouldFilter={false}
            loop
            value={selected}
            onValueChange={setSelected}
            onKeyDown={keepEarlyEnter}
            className="flex min-h-0 flex-1 flex-col"
          >
            <div className="flex items-center gap-3 border-b border-slate-200 px-4 dark:border-slate-700">
              <Search aria-hidden="true" className="size-5 shrink-0 text-slate-400" />
              <Command.Input
                value={text}
                onValueChange={setText}
                placeholder="Search everything, or type a command..."
                className="h-14 min-w-0 flex-1 bg-transparent text-base text-slate-900 outline-none placeholder:text-slate-400 dark:text-white"
              />
              {isSearching && <Spinner className="size-4 shrink-0 text-slate-400" />}
            </div>
            <Command.List label="Results and commands" className="min-h-0 flex-1 overflow-y-auto p-2">
              {searchError && (
                <div role="alert" className="mx-1 my-2 flex items-start gap-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700 dark:bg-red-950/50 dark:text-red-300">
                  <AlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                  <span>{searchError}. The commands below still work.</span>
                </div>
              )}
              {hasNothing && (
                <p className="px-3 py-8 text-center text-sm text-slate-500 dark:text-slate-400">
                  No results for “{typed}”. Try fewer or other words.
                </p>
              )}
              {typed === '' && recents.length > 0 && (
                <Command.Group heading="Recent" className={groupClassName}>
                  {recents.map((item) => (
                    <Command.Item key={`recent:${item.type}:${item._id}`} value={`recent:${item.type}:${item._id}`} onSelect={() => openItem(item)} className={itemClassName}>
                      <ItemBody icon={<Clock />} title={item.title} context={[groupHeadings[item.type].replace(/s$/, ''), item.context].filter(Boolean).join(' · ')} />
                    </Command.Item>
                  ))}
                </Command.Group>
              )}
              {groups.map(({ type, items }) => {
                const Icon = typeIcons[type];
                return (
                  <Command.Group key={type} heading={groupHeadings[type]} className={groupClassName}>
                    {items.map((result) => (
                      <Command.Item
                        key={`${result.type}:${result._id}`}
                        value={`${result.type}:${result._id}`}
                        disabled={isStale}
                        onSelect={() => openResult(result)}
                        className={cn(itemClassName, 'data-[disabled=true]:cursor-default data-[disabled=true]:opacity-50')}
                      >
                        <ItemBody icon={<Icon />} title={result.title} detail={result.snippet ? <Snippet snippet={result.snippet} /> : undefined} context={contextOf(result)} />
                      </Command.Item>
                    ))}
                  </Command.Group>
                );
              })}
              {commands.length > 0 && (
                <Command.Group heading="Commands" className={groupClassName}>
                  {commands.map((command) => (
                    <Command.Item key={command.id} value={`command:${command.id}`} onSelect={() => runCommand(command)} className={itemClassName}>
                      <ItemBody icon={command.icon ?? <CheckSquare />} title={command.label} context={command.hint} />
                    </Command.Item>
                  ))}
                </Command.Group>
              )}
            </Command.List>
            <div className={cn('flex flex-wrap gap-x-4 gap-y-1 border-t border-slate-200 px-4 py-2 text-xs text-slate-500 dark:border-slate-700 dark:text-slate-400')}>
              <span>
                <kbd className="font-sans font-semibold">↑</kbd> <kbd className="font-sans font-semibold">↓</kbd> to move
              </span>
              <span>
                <kbd className="font-sans font-semibold">Enter</kbd> to open
              </span>
              <span>
                <kbd className="font-sans font-semibold">Esc</kbd> to close
              </span>
            </div>
          </Command>
          <LiveRegion message={announcement} testId="palette-status" />
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
