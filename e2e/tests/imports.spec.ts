import { expect, test } from '../fixtures';

const board = {
  name: 'Garden plan',
  desc: 'Spring jobs',
  lists: [
    { id: 'l1', name: 'Beds to dig', closed: false, pos: 1 },
    { id: 'l2', name: 'Seeds bought', closed: false, pos: 2 },
  ],
  cards: [
    { id: 'c1', name: 'Plant tomatoes', desc: '', idList: 'l1', labels: [{ name: 'veg', color: 'green' }], closed: false, idChecklists: ['k1'], idMembers: [], pos: 1 },
    { id: 'c2', name: 'Old idea', idList: 'l1', closed: true, pos: 2 },
    { id: 'c3', name: 'Buy seeds', idList: 'l2', dueComplete: true, due: '2030-03-01T00:00:00.000Z', closed: false, pos: 3 },
  ],
  checklists: [{ id: 'k1', idCard: 'c1', name: 'Steps', checkItems: [{ name: 'Dig', state: 'complete', pos: 1 }] }],
  actions: [{ type: 'commentCard', date: '2025-01-02T10:00:00.000Z', data: { text: 'Use the south bed', card: { id: 'c1' } }, memberCreator: { fullName: 'Jane Trello', username: 'jane' } }],
  members: [],
};

test.describe('Import', () => {
  test('a Trello board imported from the workspace page becomes a project, with a summary and a link to it', async ({ page, signedInUser: _ }) => {
    const created = await page.request.post('/api/v1/workspaces', { data: { name: 'Home jobs' } });
    expect(created.status()).toBe(201);
    const workspace = ((await created.json()) as { data: { _id: string } }).data;

    await page.goto(`/dashboard/${workspace._id}`);
    await page.getByRole('button', { name: 'Import' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import' });
    await expect(dialog.getByRole('radio', { name: 'Trello board (JSON export)' })).toBeChecked();
    await dialog.getByLabel('Trello JSON file').setInputFiles({ name: 'garden.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(board)) });
    await dialog.getByRole('button', { name: 'Start import' }).click();

    await expect(dialog.getByText('Import finished')).toBeVisible({ timeout: 30_000 });
    await expect(dialog.getByRole('progressbar', { name: 'Import of garden.json' })).toHaveAttribute('aria-valuenow', '100');
    await expect(dialog.getByRole('listitem').filter({ hasText: '2 tasks' })).toBeVisible();
    await expect(dialog.getByRole('listitem').filter({ hasText: '1 subtask' })).toBeVisible();
    await expect(dialog.getByText('Card "Old idea"')).toBeVisible();

    await dialog.getByRole('link', { name: 'Open the project' }).click();
    await expect(page.getByRole('heading', { name: 'Garden plan' }).first()).toBeVisible();
    await expect(page.getByText('Beds to dig', { exact: true }).first()).toBeVisible();
    await expect(page.getByText('Seeds bought', { exact: true }).first()).toBeVisible();
  });
});
