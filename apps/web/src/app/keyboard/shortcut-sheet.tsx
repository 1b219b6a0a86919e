import { Dialog } from '@/components/ui/dialog';
import { shortcutGroups } from './shortcut-list';

const kbdClassName =
  'inline-flex min-w-6 items-center justify-center rounded-md border border-slate-300 bg-slate-50 px-1.5 py-0.5 font-sans text-xs font-semibold text-slate-700 shadow-[0_1px_0_0] shadow-slate-300 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-200 dark:shadow-slate-700';

/** The `?` sheet: every keyboard shortcut, by where it works. Shortcuts never fire while typing in a field. */
export function ShortcutSheet({ open, onOpenChange, paletteKey }: { open: boolean; onOpenChange: (open: boolean) => void; paletteKey: string }) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Keyboard shortcuts"
      description="They work anywhere but while you type in a field or a dialog is open."
      size="lg"
    >
      <div className="grid gap-6 sm:grid-cols-2">
        {shortcutGroups(paletteKey).map((group) => (
          <section key={group.title} aria-labelledby={`shortcuts-${group.title}`}>
            <h3 id={`shortcuts-${group.title}`} className="mb-2 text-xs font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400">
              {group.title}
            </h3>
            <dl className="space-y-1.5">
              {group.entries.map((entry) => (
                <div key={`${entry.keys.join('+')}-${entry.description}`} className="flex items-start justify-between gap-3 text-sm">
                  <dt className="order-2 flex shrink-0 items-center gap-1">
                    {entry.keys.map((key, index) => (
                      <span key={index} className="flex items-center gap-1">
                        {index > 0 && <span className="text-xs text-slate-400">then</span>}
                        <kbd className={kbdClassName}>{key}</kbd>
                      </span>
                    ))}
                  </dt>
                  <dd className="order-1 text-slate-700 dark:text-slate-300">{entry.description}</dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </div>
    </Dialog>
  );
}
