import {
  MONTH_NAMES,
  WEEKDAY_CODES,
  WEEKDAY_NAMES,
  describeRecurrence,
  firstRecurrence,
  formatShortDate,
  localCalendarDate,
  nextRecurrence,
  presetToRule,
  ruleToPreset,
  type RecurrencePreset,
  type WeekdayCode,
} from '@tasklane/contract';
import { useEffect, useId, useState } from 'react';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { loadRRule, type RRuleClass } from '../lib/load-rrule';

type Kind = 'none' | 'daily' | 'weekdays' | 'weekly' | 'monthly' | 'yearly' | 'every-days' | 'every-weeks' | 'every-months' | 'custom';

const kindOptions: Array<{ value: Kind; label: string }> = [
  { value: 'none', label: 'Does not repeat' },
  { value: 'daily', label: 'Daily' },
  { value: 'weekdays', label: 'Every weekday (Monday to Friday)' },
  { value: 'weekly', label: 'Weekly on chosen days' },
  { value: 'monthly', label: 'Monthly on a day' },
  { value: 'yearly', label: 'Yearly' },
  { value: 'every-days', label: 'Every N days' },
  { value: 'every-weeks', label: 'Every N weeks' },
  { value: 'every-months', label: 'Every N months' },
];

const SHORT_DAYS: Record<WeekdayCode, string> = { MO: 'Mon', TU: 'Tue', WE: 'Wed', TH: 'Thu', FR: 'Fri', SA: 'Sat', SU: 'Sun' };
const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function kindOf(preset: RecurrencePreset): Kind {
  if (preset.kind !== 'every') return preset.kind;
  return preset.unit === 'DAILY' ? 'every-days' : preset.unit === 'WEEKLY' ? 'every-weeks' : 'every-months';
}

/** The date a new choice takes its day, weekday and month from: the due date, else today. */
function anchorOf(date: string) {
  const value = new Date(`${date}T00:00:00Z`);
  const weekday = WEEKDAY_CODES[(value.getUTCDay() + 6) % 7]!;
  return { weekday, day: value.getUTCDate(), month: value.getUTCMonth() + 1 };
}

function presetFor(kind: Kind, anchorDate: string, current: RecurrencePreset): RecurrencePreset {
  const anchor = anchorOf(anchorDate);
  const interval = current.kind === 'every' ? current.interval : 2;
  switch (kind) {
    case 'none':
    case 'daily':
    case 'weekdays':
      return { kind };
    case 'weekly':
      return { kind, days: [anchor.weekday] };
    case 'monthly':
      return { kind, day: anchor.day };
    case 'yearly':
      return { kind, month: anchor.month, day: anchor.day };
    case 'every-days':
      return { kind: 'every', interval, unit: 'DAILY', days: [], day: anchor.day };
    case 'every-weeks':
      return { kind: 'every', interval, unit: 'WEEKLY', days: [anchor.weekday], day: anchor.day };
    case 'every-months':
      return { kind: 'every', interval, unit: 'MONTHLY', days: [], day: anchor.day };
    case 'custom':
      return current;
  }
}

export interface RepeatControlProps {
  /** The rule (RRULE text), or null: does not repeat. */
  value: string | null;
  onChange: (rule: string | null) => void;
  /** The form's due date (YYYY-MM-DD, or '' for none). */
  dueDate: string;
  error?: string;
  /** Today's date (YYYY-MM-DD); the browser's by default. */
  today?: string;
}

/**
 * The todo form's "Repeat" (issue 19, decision 036): the presets, their details (days of the
 * week, day of the month, month and day, how many days, weeks or months), what the rule reads
 * as on the card, and the date the next todo will be due, worked out with the rrule package
 * (loaded on first use). A rule made elsewhere that is no preset is kept as it is ("Custom rule").
 */
export function RepeatControl({ value, onChange, dueDate, error, today = localCalendarDate() }: RepeatControlProps) {
  const id = useId();
  const [preset, setPreset] = useState<RecurrencePreset>(() => ruleToPreset(value));
  const kind = kindOf(preset);
  const rule = presetToRule(preset);
  const anchorDate = dueDate || today;

  const choose = (next: RecurrencePreset) => {
    setPreset(next);
    onChange(presetToRule(next));
  };

  const options = preset.kind === 'custom' ? [...kindOptions, { value: 'custom' as const, label: 'Custom rule' }] : kindOptions;

  return (
    <div className="space-y-3 rounded-lg border border-slate-200 p-3 dark:border-slate-700">
      <div className="space-y-1.5">
        <label htmlFor={`${id}-kind`} className="block text-sm font-medium text-slate-700 dark:text-slate-300">
          Repeat
        </label>
        <Select
          id={`${id}-kind`}
          value={kind}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-summary${error ? ` ${id}-error` : ''}`}
          onChange={(event) => choose(presetFor(event.target.value as Kind, anchorDate, preset))}
          options={options}
        />
      </div>

      {(preset.kind === 'weekly' || (preset.kind === 'every' && preset.unit === 'WEEKLY')) && (
        <WeekdayPicker id={id} days={preset.days} onChange={(days) => choose({ ...preset, days })} />
      )}
      {preset.kind === 'every' && (
        <IntervalInput id={id} preset={preset} onChange={(interval) => choose({ ...preset, interval })} />
      )}
      {(preset.kind === 'monthly' || (preset.kind === 'every' && preset.unit === 'MONTHLY')) && (
        <MonthDayPicker id={id} day={preset.day} onChange={(day) => choose({ ...preset, day })} />
      )}
      {preset.kind === 'yearly' && (
        <div className="grid gap-3 min-[360px]:grid-cols-2">
          <div className="space-y-1.5">
            <label htmlFor={`${id}-month`} className="block text-sm font-medium text-slate-700 dark:text-slate-300">
              Month
            </label>
            <Select
              id={`${id}-month`}
              value={String(preset.month)}
              onChange={(event) => {
                const month = Number(event.target.value);
                choose({ ...preset, month, day: Math.min(preset.day, DAYS_IN_MONTH[month - 1]!) });
              }}
              options={MONTH_NAMES.map((name, index) => ({ value: String(index + 1), label: name }))}
            />
          </div>
          <div className="space-y-1.5">
            <label htmlFor={`${id}-year-day`} className="block text-sm font-medium text-slate-700 dark:text-slate-300">
              Day
            </label>
            <Select
              id={`${id}-year-day`}
              value={String(preset.day)}
              onChange={(event) => choose({ ...preset, day: Number(event.target.value) })}
              options={Array.from({ length: DAYS_IN_MONTH[preset.month - 1]! }, (_, index) => ({ value: String(index + 1), label: String(index + 1) }))}
            />
          </div>
        </div>
      )}

      <RepeatSummary id={`${id}-summary`} rule={rule} dueDate={dueDate} today={today} />
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}

/** How many days, weeks or months: typed freely (it may be empty while typing), taken when it is 1 to 999. */
function IntervalInput({ id, preset, onChange }: { id: string; preset: Extract<RecurrencePreset, { kind: 'every' }>; onChange: (interval: number) => void }) {
  const [text, setText] = useState(String(preset.interval));
  const unit = preset.unit === 'DAILY' ? 'days' : preset.unit === 'WEEKLY' ? 'weeks' : 'months';
  return (
    <div className="space-y-1.5">
      <label htmlFor={`${id}-interval`} className="block text-sm font-medium text-slate-700 dark:text-slate-300">
        Every how many {unit}
      </label>
      <Input
        id={`${id}-interval`}
        type="number"
        inputMode="numeric"
        min={1}
        max={999}
        className="w-28"
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          const interval = Number(event.target.value);
          if (Number.isInteger(interval) && interval >= 1 && interval <= 999) onChange(interval);
        }}
        onBlur={() => setText(String(preset.interval))}
      />
    </div>
  );
}

function WeekdayPicker({ id, days, onChange }: { id: string; days: WeekdayCode[]; onChange: (days: WeekdayCode[]) => void }) {
  return (
    <fieldset>
      <legend className="mb-1.5 text-sm font-medium text-slate-700 dark:text-slate-300">Repeat on</legend>
      <div className="flex flex-wrap gap-2">
        {WEEKDAY_CODES.map((code) => (
          <label
            key={code}
            htmlFor={`${id}-day-${code}`}
            className="flex cursor-pointer items-center gap-1.5 rounded-md border border-slate-200 px-2 py-1 text-sm text-slate-700 hover:bg-slate-50 dark:border-slate-700 dark:text-slate-300 dark:hover:bg-slate-800/60"
          >
            <Checkbox
              id={`${id}-day-${code}`}
              checked={days.includes(code)}
              aria-label={WEEKDAY_NAMES[code]}
              onChange={(event) => onChange(event.target.checked ? [...days, code] : days.filter((day) => day !== code))}
            />
            <span aria-hidden="true">{SHORT_DAYS[code]}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function MonthDayPicker({ id, day, onChange }: { id: string; day: number; onChange: (day: number) => void }) {
  return (
    <div className="space-y-1.5">
      <label htmlFor={`${id}-month-day`} className="block text-sm font-medium text-slate-700 dark:text-slate-300">
        Day of the month
      </label>
      <Select
        id={`${id}-month-day`}
        value={String(day)}
        aria-describedby={day > 28 ? `${id}-month-day-hint` : undefined}
        onChange={(event) => onChange(Number(event.target.value))}
        options={[
          ...Array.from({ length: 31 }, (_, index) => ({ value: String(index + 1), label: String(index + 1) })),
          { value: '-1', label: 'Last day' },
        ]}
      />
      {day > 28 && (
        <p id={`${id}-month-day-hint`} className="text-xs text-slate-500 dark:text-slate-400">
          Months without day {day} are skipped. Choose &ldquo;Last day&rdquo; to repeat at the end of every month.
        </p>
      )}
    </div>
  );
}

/** What the rule reads as, and when the next todo will be due (once rrule has loaded). */
function RepeatSummary({ id, rule, dueDate, today }: { id: string; rule: string | null; dueDate: string; today: string }) {
  const [RRule, setRRule] = useState<RRuleClass | null>(null);
  useEffect(() => {
    if (!rule || RRule) return;
    let isCurrent = true;
    void loadRRule().then((loaded) => {
      if (isCurrent) setRRule(() => loaded);
    });
    return () => {
      isCurrent = false;
    };
  }, [rule, RRule]);

  if (!rule) {
    return (
      <p id={id} className="text-xs text-slate-500 dark:text-slate-400">
        Completing this todo makes no other.
      </p>
    );
  }
  let when = 'Working out the next date…';
  if (RRule) {
    if (dueDate) {
      const next = nextRecurrence(RRule, rule, dueDate);
      when = next ? `Next occurrence: ${formatShortDate(next.dueDate)}` : 'No next occurrence: the rule ends with this todo';
    } else {
      const first = firstRecurrence(RRule, rule, today);
      when = first ? `No due date: it will be due ${formatShortDate(first)}, its first date from today` : 'This rule gives no date from today';
    }
  }
  return (
    <p id={id} aria-live="polite" className="text-xs text-slate-600 dark:text-slate-400">
      <span className="font-medium text-slate-700 dark:text-slate-300">{describeRecurrence(rule) ?? rule}.</span> {when}
    </p>
  );
}
