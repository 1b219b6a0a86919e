import { expect, test } from '../fixtures';
import { listTodos, localDate } from '../seed';

/** "Jan 5, 2030" for a YYYY-MM-DD (US English short form, as the app shows calendar days). */
const shortDate = (day: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));

test.describe('quick add', () => {
  test('a new user adds a todo from one line, by keyboard, into the default category made for them', async ({ page, signedInUser: _ }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Todos' })).toBeVisible();
    // The dashboard's frame is in its HTML: the app is running once its Create Todo button is enabled.
    await expect(page.getByRole('button', { name: 'Create Todo' }).first()).toBeEnabled();
    const line = page.getByLabel('Quick add a todo');
    await line.focus();
    await page.keyboard.type('Pay rent tomorrow !high #home');

    const tomorrow = localDate(1);
    const chips = page.getByRole('list', { name: 'Quick add will create' });
    await expect(chips).toContainText('Title: Pay rent');
    await expect(chips).toContainText(`Due ${shortDate(tomorrow)}`);
    await expect(chips).toContainText('Priority: High');
    await expect(chips).toContainText('home');
    await expect(chips).toContainText('Category: Inbox (default)');

    await page.keyboard.press('Enter');
    const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: 'Pay rent', exact: true }) });
    await expect(card).toContainText('High');
    await expect(card).toContainText('Inbox');
    await expect(card).toContainText(shortDate(tomorrow));
    await expect(card.getByRole('list', { name: 'Tags' }).getByRole('listitem')).toHaveText(['#home']);
    // Ready for the next one.
    await expect(line).toHaveValue('');
    await expect(line).toBeFocused();

    const [stored] = await listTodos(page.request);
    expect(stored).toMatchObject({ title: 'Pay rent', priority: 'HIGH', tags: ['home'], dueDate: `${tomorrow}T00:00:00.000Z`, category: { name: 'Inbox' } });
  });
});
