import type { Category, Todo, TodoFormData } from '@tasklane/contract';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen } from '@/lib/testing/render';
import { RepeatControl } from './repeat-control';
import { TodoCard } from './todo-card';
import { TodoFormDialog } from './todo-form-dialog';
import { TodoRow } from './todo-row';

/** The control as a form holds it: the rule it reports is the value it is given back. */
function Harness({ initial = null, dueDate, onRule }: { initial?: string | null; dueDate: string; onRule: (rule: string | null) => void }) {
  const [rule, setRule] = useState<string | null>(initial);
  return (
    <RepeatControl
      value={rule}
      dueDate={dueDate}
      today="2026-03-04"
      onChange={(next) => {
        setRule(next);
        onRule(next);
      }}
    />
  );
}

const summary = () => screen.getByText(/^Repeats|Completing this todo/).closest('p')!;

describe('RepeatControl', () => {
  it('weekly on chosen days: starts on the due date\'s weekday, adds days by checkbox, and shows the next date', async () => {
    const user = userEvent.setup();
    const onRule = vi.fn();
    render(<Harness dueDate="2026-03-04" onRule={onRule} />);
    expect(summary().textContent).toBe('Completing this todo makes no other.');

    await user.selectOptions(screen.getByLabelText('Repeat'), 'Weekly on chosen days');
    expect(onRule).toHaveBeenLastCalledWith('FREQ=WEEKLY;BYDAY=WE');
    expect((screen.getByRole('checkbox', { name: 'Wednesday' }) as HTMLInputElement).checked).toBe(true);

    // By keyboard: Tab to Monday's box, Space ticks it.
    screen.getByRole('checkbox', { name: 'Wednesday' }).focus();
    await user.tab({ shift: true });
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(screen.getByRole('checkbox', { name: 'Monday' }));
    await user.keyboard(' ');
    expect(onRule).toHaveBeenLastCalledWith('FREQ=WEEKLY;BYDAY=MO,WE');
    await waitFor(() => expect(summary().textContent).toBe('Repeats weekly on Monday and Wednesday. Next occurrence: Mar 9, 2026'));
  });

  it('daily and every weekday', async () => {
    const user = userEvent.setup();
    const onRule = vi.fn();
    render(<Harness dueDate="2026-03-06" onRule={onRule} />);
    await user.selectOptions(screen.getByLabelText('Repeat'), 'Daily');
    expect(onRule).toHaveBeenLastCalledWith('FREQ=DAILY');
    await waitFor(() => expect(summary().textContent).toBe('Repeats daily. Next occurrence: Mar 7, 2026'));
    await user.selectOptions(screen.getByLabelText('Repeat'), 'Every weekday (Monday to Friday)');
    expect(onRule).toHaveBeenLastCalledWith('FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR');
    await waitFor(() => expect(summary().textContent).toBe('Repeats every weekday. Next occurrence: Mar 9, 2026'));
  });

  it('monthly on the 31st says that shorter months are skipped, and offers the last day', async () => {
    const user = userEvent.setup();
    const onRule = vi.fn();
    render(<Harness dueDate="2026-01-31" onRule={onRule} />);
    await user.selectOptions(screen.getByLabelText('Repeat'), 'Monthly on a day');
    expect(onRule).toHaveBeenLastCalledWith('FREQ=MONTHLY;BYMONTHDAY=31');
    expect(screen.getByText(/Months without day 31 are skipped/)).toBeTruthy();
    await waitFor(() => expect(summary().textContent).toBe('Repeats monthly on day 31. Next occurrence: Mar 31, 2026'));

    await user.selectOptions(screen.getByLabelText('Day of the month'), 'Last day');
    expect(onRule).toHaveBeenLastCalledWith('FREQ=MONTHLY;BYMONTHDAY=-1');
    await waitFor(() => expect(summary().textContent).toBe('Repeats monthly on the last day. Next occurrence: Feb 28, 2026'));
  });

  it('yearly on February 29 comes back in the next leap year', async () => {
    const user = userEvent.setup();
    const onRule = vi.fn();
    render(<Harness dueDate="2028-02-29" onRule={onRule} />);
    await user.selectOptions(screen.getByLabelText('Repeat'), 'Yearly');
    expect(onRule).toHaveBeenLastCalledWith('FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29');
    expect((screen.getByLabelText('Month') as HTMLSelectElement).value).toBe('2');
    await waitFor(() => expect(summary().textContent).toBe('Repeats yearly on February 29. Next occurrence: Feb 29, 2032'));
    // March has a 31st; back in February, the day is kept to one February has.
    await user.selectOptions(screen.getByLabelText('Month'), 'March');
    await user.selectOptions(screen.getByLabelText('Day'), '31');
    await user.selectOptions(screen.getByLabelText('Month'), 'February');
    expect(onRule).toHaveBeenLastCalledWith('FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29');
  });

  it('every N days, weeks and months', async () => {
    const user = userEvent.setup();
    const onRule = vi.fn();
    render(<Harness dueDate="2026-03-04" onRule={onRule} />);
    await user.selectOptions(screen.getByLabelText('Repeat'), 'Every N days');
    expect(onRule).toHaveBeenLastCalledWith('FREQ=DAILY;INTERVAL=2');
    const every = screen.getByLabelText('Every how many days');
    await user.clear(every);
    await user.type(every, '10');
    expect(onRule).toHaveBeenLastCalledWith('FREQ=DAILY;INTERVAL=10');
    await waitFor(() => expect(summary().textContent).toBe('Repeats every 10 days. Next occurrence: Mar 14, 2026'));

    await user.selectOptions(screen.getByLabelText('Repeat'), 'Every N weeks');
    expect(onRule).toHaveBeenLastCalledWith('FREQ=WEEKLY;INTERVAL=10;BYDAY=WE');
    await user.selectOptions(screen.getByLabelText('Repeat'), 'Every N months');
    expect(onRule).toHaveBeenLastCalledWith('FREQ=MONTHLY;INTERVAL=10;BYMONTHDAY=4');
    await user.selectOptions(screen.getByLabelText('Repeat'), 'Does not repeat');
    expect(onRule).toHaveBeenLastCalledWith(null);
  });

  it('without a due date, says which day the todo will be due', async () => {
    const user = userEvent.setup();
    render(<Harness dueDate="" onRule={() => {}} />);
    await user.selectOptions(screen.getByLabelText('Repeat'), 'Weekly on chosen days');
    // Today is Wednesday 4 March 2026.
    await waitFor(() => expect(summary().textContent).toBe('Repeats weekly on Wednesday. No due date: it will be due Mar 4, 2026, its first date from today'));
  });

  it('keeps a rule no preset makes as a custom rule', async () => {
    const onRule = vi.fn();
    render(<Harness initial="FREQ=MONTHLY;BYDAY=2TU" dueDate="2026-03-10" onRule={onRule} />);
    expect((screen.getByLabelText('Repeat') as HTMLSelectElement).value).toBe('custom');
    await waitFor(() => expect(summary().textContent).toBe('Repeats monthly on the second Tuesday. Next occurrence: Apr 14, 2026'));
    expect(onRule).not.toHaveBeenCalled();
  });
});

const HOME = '0f8fad5b-d9cb-469f-a165-70867728950e';
const home: Category = { _id: HOME, name: 'Home', slug: 'home', type: 'TODO', color: '#3B82F6', workspaceId: null, createdAt: '2026-01-05T00:00:00.000Z' };
const categories = { categories: [home], isLoading: false, isError: false, onRetry: () => {} };

describe('the todo form', () => {
  it('sends the chosen repeat with the todo', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn<(data: TodoFormData) => void>();
    renderScreen(<TodoFormDialog open onOpenChange={() => {}} todo={null} categories={categories} isSubmitting={false} onSubmit={onSubmit} />);
    await user.type(screen.getByLabelText('Title'), 'Take the bins out');
    await user.type(screen.getByLabelText('Due date'), '2026-03-02');
    await user.selectOptions(screen.getByLabelText('Category'), 'Home');
    await user.selectOptions(screen.getByLabelText('Repeat'), 'Weekly on chosen days');
    await user.click(screen.getByRole('button', { name: 'Create Todo' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ title: 'Take the bins out', dueDate: '2026-03-02', recurrence: 'FREQ=WEEKLY;BYDAY=MO' });
  });

  it('opens an edited todo with its repeat, and stopping it sends null', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn<(data: TodoFormData) => void>();
    const todo: Todo = {
      _id: '11111111-1111-4111-8111-111111111111',
      title: 'Water plants',
      description: '',
      priority: 'MEDIUM',
      status: 'PENDING',
      dueDate: '2026-03-02T00:00:00.000Z',
      category: { _id: HOME, name: 'Home', color: '#3B82F6', slug: 'home' },
      tags: [],
      completedAt: null,
      isToday: false,
      recurrence: 'FREQ=WEEKLY;BYDAY=MO',
      recurrenceTimeZone: 'Europe/Paris',
      createdAt: '2026-01-05T00:00:00.000Z',
      updatedAt: '2026-01-05T00:00:00.000Z',
    };
    renderScreen(<TodoFormDialog open onOpenChange={() => {}} todo={todo} categories={categories} isSubmitting={false} onSubmit={onSubmit} />);
    expect((screen.getByLabelText('Repeat') as HTMLSelectElement).value).toBe('weekly');
    expect((screen.getByRole('checkbox', { name: 'Monday' }) as HTMLInputElement).checked).toBe(true);
    await waitFor(() => expect(screen.getByText(/Next occurrence: Mar 9, 2026/)).toBeTruthy());
    await user.selectOptions(screen.getByLabelText('Repeat'), 'Does not repeat');
    await user.click(screen.getByRole('button', { name: 'Update Todo' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ recurrence: null });
  });
});

describe('a repeating todo on the dashboard', () => {
  const todo: Todo = {
    _id: '11111111-1111-4111-8111-111111111111',
    title: 'Water plants',
    description: '',
    priority: 'MEDIUM',
    status: 'PENDING',
    dueDate: '2026-03-02T00:00:00.000Z',
    category: { _id: HOME, name: 'Home', color: '#3B82F6', slug: 'home' },
    tags: [],
    completedAt: null,
    isToday: false,
    recurrence: 'FREQ=WEEKLY;BYDAY=MO',
    recurrenceTimeZone: 'UTC',
    createdAt: '2026-01-05T00:00:00.000Z',
    updatedAt: '2026-01-05T00:00:00.000Z',
  };
  const handlers = { today: '2026-03-01', onToggle: async () => {}, onEdit: () => {}, onDelete: () => {} };

  it('says how it repeats on its card and its list row', () => {
    const card = render(<TodoCard todo={todo} {...handlers} />);
    expect(screen.getByText('Repeats weekly on Monday')).toBeTruthy();
    card.unmount();
    render(<TodoRow todo={todo} {...handlers} />);
    expect(screen.getByRole('img', { name: 'Repeats weekly on Monday' })).toBeTruthy();
  });

  it('says nothing for a todo that does not repeat', () => {
    render(<TodoCard todo={{ ...todo, recurrence: null, recurrenceTimeZone: null }} {...handlers} />);
    expect(screen.queryByText(/Repeats/)).toBeNull();
  });
});
