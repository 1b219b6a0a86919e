import {
  addMemberThroughApi,
  createProjectThroughApi,
  createWorkspaceThroughApi,
  expect,
  registerThroughApi,
  signInElsewhere,
  test,
  uniqueUser,
} from '../fixtures';

const shortDate = (date: Date) => new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(date);

test.describe('workspaces', () => {
  test('create, rename and open a workspace', async ({ page, signedInUser: _ }) => {
    await page.goto('/workspaces');
    await expect(page.getByRole('heading', { level: 1, name: 'Workspaces' })).toBeVisible();
    await expect(page.getByText('Manage your workspaces and track project progress')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Your Workspaces' })).toBeVisible();
    await expect(page.getByText('0 workspaces')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No workspaces' })).toBeVisible();
    await expect(page.getByText('Get started by creating your first workspace')).toBeVisible();

    await page.getByRole('button', { name: 'Create Workspace' }).first().click();
    const createDialog = page.getByRole('dialog', { name: 'Create New Workspace' });
    const nameField = createDialog.getByLabel('Workspace Name');
    await expect(nameField).toHaveAttribute('placeholder', 'Enter workspace name');
    await expect(nameField).toBeFocused();
    await nameField.fill('Product Launch');
    await createDialog.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByText('Workspace created successfully!')).toBeVisible();
    await expect(createDialog).toBeHidden();

    const list = page.getByRole('list', { name: 'Your Workspaces' });
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(list.getByRole('heading', { name: 'Product Launch' })).toBeVisible();
    await expect(list.getByText(`Created ${shortDate(new Date())}`)).toBeVisible();
    await expect(page.getByText('1 workspace', { exact: true })).toBeVisible();

    await list.getByRole('button', { name: 'Edit Product Launch' }).click();
    const editDialog = page.getByRole('dialog', { name: 'Edit Workspace' });
    await expect(editDialog.getByLabel('Workspace Name')).toHaveValue('Product Launch');
    await editDialog.getByLabel('Workspace Name').fill('  Launch 2025  ');
    await editDialog.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByText('Workspace updated successfully!')).toBeVisible();
    await expect(editDialog).toBeHidden();
    // The list reloads with the server's (trimmed) name.
    await expect(list.getByRole('heading', { name: 'Launch 2025', exact: true })).toBeVisible();
    await expect(list.getByRole('heading', { name: 'Product Launch' })).toHaveCount(0);

    await list.getByRole('link', { name: 'Open Launch 2025' }).click();
    await expect(page).toHaveURL(/\/dashboard\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Launch 2025' })).toBeVisible();
    await expect(page.getByText('Manage and track all your workspace projects')).toBeVisible();
  });

  test('a blank name cannot be saved, and Cancel resets the form', async ({ page, signedInUser: _ }) => {
    await page.goto('/workspaces');
    await page.getByRole('button', { name: 'Create Workspace' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create New Workspace' });
    const nameField = dialog.getByLabel('Workspace Name');
    const create = dialog.getByRole('button', { name: 'Create' });

    await expect(create).toBeDisabled();
    await nameField.fill('    ');
    await expect(create).toBeDisabled();
    await nameField.press('Enter');
    await expect(page.getByText('Workspace name is required')).toBeVisible();
    await expect(dialog).toBeVisible();

    await nameField.fill('Draft name');
    await expect(create).toBeEnabled();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Create Workspace' }).first().click();
    await expect(dialog.getByLabel('Workspace Name')).toHaveValue('');
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // Nothing was created.
    expect(((await (await page.request.get('/api/v1/workspaces')).json()) as { data: unknown[] }).data).toEqual([]);
    await expect(page.getByText('0 workspaces')).toBeVisible();
  });

  test('a failed create shows its error until the name is typed again', async ({ page, signedInUser: _ }) => {
    await page.goto('/workspaces');
    await page.route('**/api/v1/workspaces', (route) => (route.request().method() === 'POST' ? route.abort() : route.fallback()));
    await page.getByRole('button', { name: 'Create Workspace' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create New Workspace' });
    await dialog.getByLabel('Workspace Name').fill('Offline');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Failed to create workspace');
    await expect(page.locator('[data-rht-toaster]').getByText('Failed to create workspace')).toBeVisible();

    await dialog.getByLabel('Workspace Name').press('End');
    await dialog.getByLabel('Workspace Name').pressSequentially('!');
    await expect(dialog.getByRole('alert')).toHaveCount(0);

    // Cancel clears the error text too.
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog.getByRole('alert')).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.unroute('**/api/v1/workspaces');
    await page.getByRole('button', { name: 'Create Workspace' }).first().click();
    await expect(dialog.getByRole('alert')).toHaveCount(0);
  });

  test('a failed rename shows inline, and a blank rename is refused', async ({ page, signedInUser: _ }) => {
    const workspace = await createWorkspaceThroughApi(page.request, 'Research');
    await page.goto('/workspaces');
    await page.getByRole('button', { name: 'Edit Research' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Workspace' });
    const nameField = dialog.getByLabel('Workspace Name');
    await nameField.fill('   ');
    await expect(dialog.getByRole('button', { name: 'Update' })).toBeDisabled();
    await nameField.press('Enter');
    await expect(page.getByText('Workspace name is required')).toBeVisible();

    await page.route(`**/api/v1/workspaces/${workspace._id}`, (route) => route.abort());
    await nameField.fill('Research & Development');
    await dialog.getByRole('button', { name: 'Update' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Failed to update workspace');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('heading', { name: 'Research', exact: true })).toBeVisible();
  });

  test('delete a workspace through its confirmation', async ({ page, signedInUser: _ }) => {
    await createWorkspaceThroughApi(page.request, 'Keep me');
    await createWorkspaceThroughApi(page.request, 'Old stuff');
    await page.goto('/workspaces');
    await expect(page.getByText('2 workspaces')).toBeVisible();

    await page.getByRole('button', { name: 'Delete Old stuff' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete Workspace' });
    await expect(confirm).toContainText('Are you sure you want to delete this workspace? This action cannot be undone.');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Old stuff' })).toBeVisible();

    await page.getByRole('button', { name: 'Delete Old stuff' }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Workspace deleted successfully!')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Old stuff' })).toHaveCount(0);
    await expect(page.getByText('1 workspace', { exact: true })).toBeVisible();
    const left = ((await (await page.request.get('/api/v1/workspaces')).json()) as { data: Array<{ name: string }> }).data;
    expect(left.map((workspace) => workspace.name)).toEqual(['Keep me']);

    await page.getByRole('button', { name: 'Delete Keep me' }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('heading', { name: 'No workspaces' })).toBeVisible();
  });

  test('a workspace shared through a project is listed without edit or delete', async ({ page, browser, baseURL, signedInUser: _ }) => {
    const member = uniqueUser();
    const memberId = await registerThroughApi(page.request, member);
    const workspace = await createWorkspaceThroughApi(page.request, `Joint ${member.username}`);
    const project = await createProjectThroughApi(page.request, { workspaceId: workspace._id, name: 'Joint work' });
    await addMemberThroughApi(page.request, project._id, memberId, 'VIEWER');

    const other = await signInElsewhere(browser, baseURL, member);
    await other.page.goto('/workspaces');
    const row = other.page.getByRole('listitem').filter({ hasText: workspace.name });
    await expect(row).toBeVisible();
    await expect(row.getByText('Shared', { exact: true })).toBeVisible();
    await expect(row.getByRole('link', { name: `Open ${workspace.name}` })).toBeVisible();
    await expect(row.getByRole('button')).toHaveCount(0);
    // The server refuses what is not offered.
    expect((await other.page.request.put(`/api/v1/workspaces/${workspace._id}`, { data: { name: 'Taken over' } })).status()).toBe(403);
    expect((await other.page.request.delete(`/api/v1/workspaces/${workspace._id}`)).status()).toBe(403);
    await other.context.close();
  });

  test('a failed load shows the error with Try Again', async ({ page, signedInUser: _ }) => {
    await createWorkspaceThroughApi(page.request, 'Comes back');
    // A network failure: no server message, so the screen's own text shows (after the retries).
    await page.route('**/api/v1/workspaces', (route) => route.abort());
    await page.goto('/workspaces');
    await expect(page.getByRole('alert').filter({ hasText: 'Failed to fetch workspaces' })).toBeVisible();
    await expect(page.locator('[data-rht-toaster]').getByText('Failed to fetch workspaces')).toBeVisible();
    await page.unroute('**/api/v1/workspaces');
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect(page.getByRole('heading', { name: 'Comes back' })).toBeVisible();
  });
});
