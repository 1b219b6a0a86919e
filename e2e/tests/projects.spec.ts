import type { Page } from '@playwright/test';
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

const card = (page: Page, name: string) => page.getByRole('article', { name, exact: true });

async function openProjectMenu(page: Page, name: string) {
  await card(page, name).hover();
  await page.getByRole('button', { name: `Actions for ${name}` }).click();
}

test.describe('workspace projects', () => {
  test('create a project with the defaults, then edit it', async ({ page, signedInUser }) => {
    const workspace = await createWorkspaceThroughApi(page.request, 'Studio');
    await page.goto(`/dashboard/${workspace._id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Studio' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No Projects Found' })).toBeVisible();
    await page.getByRole('button', { name: 'Create First Project' }).click();

    const form = page.getByRole('region', { name: 'Create New Project' });
    const create = form.getByRole('button', { name: 'Create Project' });
    await expect(create).toBeDisabled();
    // The create defaults of SPEC 3.
    await expect(form.getByLabel('Status')).toHaveValue('BACKLOG');
    await expect(form.getByLabel('Priority')).toHaveValue('MEDIUM');
    await expect(form.getByLabel('Color', { exact: true })).toHaveValue('#3B82F6');
    await expect(form.getByLabel('Public project')).not.toBeChecked();

    await form.getByLabel('Project Name').fill('   ');
    await form.getByLabel('Description').focus();
    await expect(form.getByText('Project name is required')).toBeVisible();
    await expect(create).toBeDisabled();
    await form.getByLabel('Project Name').fill('  Brand Refresh  ');
    await form.getByLabel('Description').fill('New logo, colours and type for the brand.');
    await create.click();
    await expect(page.getByText('Project created successfully!')).toBeVisible();
    await expect(form).toBeHidden();

    const brand = card(page, 'Brand Refresh');
    await expect(brand).toBeVisible();
    await expect(brand.getByText('Medium', { exact: true })).toBeVisible();
    await expect(brand.getByText('Backlog', { exact: true })).toBeVisible();
    await expect(brand.getByText('1 member', { exact: true })).toBeVisible();
    await expect(brand.getByText('Public')).toHaveCount(0);
    await expect(brand.getByText('New logo, colours and type for the brand.')).toBeVisible();
    await expect(brand.getByRole('list', { name: 'Members of Brand Refresh' })).toContainText(signedInUser.fullName);
    await expect(brand.getByRole('link', { name: /View Details/ })).toHaveAttribute('href', /\/dashboard\/projects\/[0-9a-f-]{36}$/);

    await openProjectMenu(page, 'Brand Refresh');
    await page.getByRole('menuitem', { name: 'Edit Project' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Project' });
    await expect(dialog.getByLabel('Project Name')).toHaveValue('Brand Refresh');
    await expect(dialog.getByLabel('Color', { exact: true })).toHaveValue('#3B82F6');
    await dialog.getByLabel('Project Name').fill('');
    await expect(dialog.getByRole('alert')).toHaveText('Project name is required');
    await expect(dialog.getByRole('button', { name: 'Save Changes' })).toBeDisabled();
    await dialog.getByLabel('Project Name').fill('Brand Refresh 2');
    await expect(dialog.getByRole('alert')).toHaveCount(0);
    await dialog.getByLabel('Status').selectOption('IN_PROGRESS');
    await dialog.getByLabel('Priority').selectOption('URGENT');
    await dialog.getByLabel('Color', { exact: true }).fill('#10B981');
    await dialog.getByLabel('Public project').check();
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Project updated successfully!')).toBeVisible();
    await expect(dialog).toBeHidden();

    const renamed = card(page, 'Brand Refresh 2');
    await expect(renamed.getByText('In Progress', { exact: true })).toBeVisible();
    await expect(renamed.getByText('Urgent', { exact: true })).toBeVisible();
    await expect(renamed.getByText('Public', { exact: true })).toBeVisible();

    // The edit form shows the project's own colour (not SPEC 9's fixed #FACC15).
    await openProjectMenu(page, 'Brand Refresh 2');
    await page.getByRole('menuitem', { name: 'Edit Project' }).click();
    await expect(dialog.getByLabel('Color', { exact: true })).toHaveValue('#10B981');
    await expect(dialog.getByLabel('Public project')).toBeChecked();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  });

  test('share a project: the member sees it with their role, cannot delete it, and is removed', async ({
    page,
    browser,
    baseURL,
    signedInUser,
  }) => {
    const member = uniqueUser();
    await registerThroughApi(page.request, member);
    const workspace = await createWorkspaceThroughApi(page.request, 'Agency');
    const project = await createProjectThroughApi(page.request, { workspaceId: workspace._id, name: 'Client Portal' });

    await page.goto(`/dashboard/${workspace._id}`);
    await openProjectMenu(page, 'Client Portal');
    await page.getByRole('menuitem', { name: 'Add Member' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Member' });
    // The owner works with nobody yet (the directory is private), and is a member already.
    await expect(dialog.getByText('Everyone you work with is already a member of this project')).toBeVisible();
    await expect(dialog.getByText(member.fullName)).toHaveCount(0);
    // A new colleague is found by exact email or username only.
    const lookup = dialog.getByLabel('Find by exact email or username');
    await lookup.fill(member.username.slice(0, -1));
    await dialog.getByRole('button', { name: 'Find' }).click();
    await expect(dialog.getByText('No user with that email or username')).toBeVisible();
    await lookup.fill(member.email.toUpperCase());
    await dialog.getByRole('button', { name: 'Find' }).click();
    const found = dialog.getByRole('list', { name: 'Found user' });
    await expect(found.getByRole('listitem')).toHaveCount(1);
    await expect(dialog.getByLabel('Role', { exact: true })).toHaveValue('MEMBER');
    await found.getByRole('button', { name: `Add ${member.fullName}` }).click();
    await expect(page.getByText(`${member.fullName} added to project successfully!`)).toBeVisible();
    // Now a member: not offered again; listed among the members instead.
    await expect(found).toHaveCount(0);
    await expect(dialog.getByText('Everyone you work with is already a member of this project')).toBeVisible();
    const members = dialog.getByRole('list', { name: 'Members' });
    await expect(members.getByRole('listitem')).toHaveCount(2);
    // The last admin (the owner) offers neither a role change nor removal.
    await expect(members.getByRole('combobox', { name: `Role of ${signedInUser.fullName}` })).toHaveCount(0);
    await expect(members.getByRole('button', { name: `Remove ${signedInUser.fullName}` })).toHaveCount(0);
    await expect(members.getByRole('combobox', { name: `Role of ${member.fullName}` })).toHaveValue('MEMBER');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(card(page, 'Client Portal').getByText('2 members')).toBeVisible();

    // The member, in their own browser, sees the project with their role and no owner's actions.
    const other = await signInElsewhere(browser, baseURL, member);
    await other.page.goto('/projects');
    await expect(other.page.getByText('You are a member of 1 project')).toBeVisible();
    const shared = other.page.getByRole('article', { name: 'Client Portal' });
    await expect(shared.getByText('Member', { exact: true })).toBeVisible();
    await expect(shared.getByText('No description available')).toBeVisible();
    await expect(shared.getByText('0%')).toBeVisible();
    await expect(shared.getByRole('link', { name: /View Project/ })).toHaveAttribute('href', `/dashboard/projects/${project._id}`);

    await other.page.goto(`/dashboard/${workspace._id}`);
    await expect(other.page.getByRole('heading', { level: 1, name: 'Agency' })).toBeVisible();
    await expect(other.page.getByRole('article', { name: 'Client Portal' })).toBeVisible();
    await expect(other.page.getByRole('button', { name: 'Actions for Client Portal' })).toHaveCount(0);
    await expect(other.page.getByRole('button', { name: 'Create Project' })).toHaveCount(0);
    await expect(other.page.getByRole('button', { name: /^Remove / })).toHaveCount(0);
    // ...and the server refuses what is not offered.
    expect((await other.page.request.delete(`/api/v1/projects/${project._id}`)).status()).toBe(403);

    // The owner removes the member through the confirmation.
    await card(page, 'Client Portal').getByRole('button', { name: `Remove ${member.fullName}` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Remove Member' });
    await expect(confirm).toContainText(`Are you sure you want to remove ${member.fullName} from the project?`);
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByText('Member removed from project successfully!')).toBeVisible();
    await expect(card(page, 'Client Portal').getByText('1 member', { exact: true })).toBeVisible();

    await other.page.goto('/projects');
    await expect(other.page.getByRole('heading', { name: 'No projects found' })).toBeVisible();
    expect((await other.page.request.get(`/api/v1/projects/${project._id}`)).status()).toBe(404);
    await other.context.close();
  });

  test('an admin changes a role; a moderator is offered only what a moderator may do', async ({ page, browser, baseURL, signedInUser: _ }) => {
    const moderator = uniqueUser();
    const viewer = uniqueUser();
    const moderatorId = await registerThroughApi(page.request, moderator);
    const viewerId = await registerThroughApi(page.request, viewer);
    const workspace = await createWorkspaceThroughApi(page.request, 'Roles');
    const project = await createProjectThroughApi(page.request, { workspaceId: workspace._id, name: 'Roles Project' });
    await addMemberThroughApi(page.request, project._id, moderatorId, 'MEMBER');
    await addMemberThroughApi(page.request, project._id, viewerId, 'VIEWER');

    await page.goto(`/dashboard/${workspace._id}`);
    await openProjectMenu(page, 'Roles Project');
    await page.getByRole('menuitem', { name: 'Add Member' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Member' });
    await dialog.getByRole('combobox', { name: `Role of ${moderator.fullName}` }).selectOption('MODERATOR');
    await expect(page.getByText('Member role updated successfully!')).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();

    const other = await signInElsewhere(browser, baseURL, moderator);
    await other.page.goto(`/dashboard/${workspace._id}`);
    await other.page.getByRole('article', { name: 'Roles Project' }).hover();
    await other.page.getByRole('button', { name: 'Actions for Roles Project' }).click();
    await expect(other.page.getByRole('menuitem')).toHaveText(['Edit Project', 'Add Member']);
    await other.page.getByRole('menuitem', { name: 'Add Member' }).click();
    const moderatorDialog = other.page.getByRole('dialog', { name: 'Add Member' });
    // A moderator adds only members and viewers, changes no roles and removes only members and viewers.
    await expect(moderatorDialog.getByLabel('Role', { exact: true }).locator('option')).toHaveText(['Member', 'Viewer']);
    await expect(moderatorDialog.getByRole('combobox', { name: /^Role of / })).toHaveCount(0);
    const members = moderatorDialog.getByRole('list', { name: 'Members' });
    await expect(members.getByRole('button', { name: /^Remove / })).toHaveCount(1);
    await expect(members.getByRole('button', { name: `Remove ${viewer.fullName}` })).toBeVisible();
    await moderatorDialog.getByRole('button', { name: 'Close' }).click();

    // The moderator leaves the project from its page, through the confirmation.
    await other.page.goto(`/dashboard/projects/${project._id}`);
    await other.page.getByRole('button', { name: 'Leave project' }).click();
    const leave = other.page.getByRole('alertdialog', { name: 'Leave Project' });
    await expect(leave).toContainText('Are you sure you want to leave "Roles Project"?');
    await leave.getByRole('button', { name: 'Leave' }).click();
    await expect(other.page.getByText('You left "Roles Project"')).toBeVisible();
    await expect(other.page).toHaveURL(/\/projects$/);
    await expect(other.page.getByRole('heading', { name: 'No projects found' })).toBeVisible();
    expect((await other.page.request.get(`/api/v1/projects/${project._id}`)).status()).toBe(404);
    // The owner, the last admin, is not offered to leave.
    await page.goto(`/dashboard/projects/${project._id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Roles Project' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Leave project' })).toHaveCount(0);
    await other.context.close();
  });

  test('delete a project through its confirmation, back to the empty state', async ({ page, signedInUser: _ }) => {
    const workspace = await createWorkspaceThroughApi(page.request, 'Cleanup');
    await createProjectThroughApi(page.request, { workspaceId: workspace._id, name: 'Legacy Site' });
    await page.goto(`/dashboard/${workspace._id}`);

    await openProjectMenu(page, 'Legacy Site');
    await page.getByRole('menuitem', { name: 'Delete Project' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete Project' });
    await expect(confirm).toContainText('Are you sure you want to delete "Legacy Site"? This action cannot be undone.');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(card(page, 'Legacy Site')).toBeVisible();

    await openProjectMenu(page, 'Legacy Site');
    await page.getByRole('menuitem', { name: 'Delete Project' }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Project deleted successfully!')).toBeVisible();
    await expect(card(page, 'Legacy Site')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'No Projects Found' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create First Project' })).toBeVisible();
  });

  test('the menu opens from the keyboard', async ({ page, signedInUser: _ }) => {
    const workspace = await createWorkspaceThroughApi(page.request, 'Keys');
    await createProjectThroughApi(page.request, { workspaceId: workspace._id, name: 'Keyboard Only' });
    await page.goto(`/dashboard/${workspace._id}`);
    const trigger = page.getByRole('button', { name: 'Actions for Keyboard Only' });
    await trigger.focus();
    await expect(trigger).toBeFocused();
    // Hidden until hover on mouse screens, it shows when focused from the keyboard.
    await expect(trigger.locator('xpath=..')).toHaveCSS('opacity', '1');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitem', { name: 'Edit Project' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('menuitem', { name: 'Add Member' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: 'Add Member' })).toBeVisible();
  });

  test('search and filter the projects of a workspace', async ({ page, signedInUser: _ }) => {
    const workspace = await createWorkspaceThroughApi(page.request, 'Filters');
    const seed = (name: string, status: string, description = '') =>
      createProjectThroughApi(page.request, { workspaceId: workspace._id, name, status, description });
    await seed('Alpha Planning', 'PLANNING', 'roadmap work');
    await seed('Beta Released', 'RELEASED');
    await seed('Gamma Archived', 'ARCHIVED', 'old roadmap');
    await seed('Delta Building', 'IN_PROGRESS');
    await page.goto(`/dashboard/${workspace._id}`);

    const names = page.getByRole('list', { name: 'Projects' }).getByRole('heading', { level: 3 });
    await expect(names).toHaveCount(4);
    const filter = page.getByLabel('Filter projects');
    await filter.selectOption('active');
    await expect(names).toHaveText(['Delta Building', 'Alpha Planning']);
    await filter.selectOption('completed');
    await expect(names).toHaveText(['Beta Released']);
    await filter.selectOption('planning');
    await expect(names).toHaveText(['Alpha Planning']);
    await filter.selectOption('all');
    await page.getByLabel('Search projects').fill('ROADMAP');
    await expect(names).toHaveText(['Gamma Archived', 'Alpha Planning']);
    await page.getByLabel('Search projects').fill('nothing like this');
    await expect(page.getByRole('heading', { name: 'No Projects Found' })).toBeVisible();
    await expect(page.getByText('Try adjusting your search or filters')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create First Project' })).toHaveCount(0);
  });
});

test.describe('own projects overview', () => {
  test('search, status and role filters, and the remembered grid/list choice', async ({ page, browser, baseURL, signedInUser: _ }) => {
    const workspace = await createWorkspaceThroughApi(page.request, 'Mine');
    await createProjectThroughApi(page.request, { workspaceId: workspace._id, name: 'Payments', status: 'IN_PROGRESS', description: 'Card checkout' });
    await createProjectThroughApi(page.request, { workspaceId: workspace._id, name: 'Search', status: 'RELEASED', priority: 'HIGH' });

    // Someone else's project, where this user is a viewer.
    const owner = uniqueUser();
    await registerThroughApi(page.request, owner);
    const elsewhere = await signInElsewhere(browser, baseURL, owner);
    const theirs = await createWorkspaceThroughApi(elsewhere.page.request, 'Theirs');
    const theirProject = await createProjectThroughApi(elsewhere.page.request, {
      workspaceId: theirs._id,
      name: 'Checkout Audit',
      status: 'IN_PROGRESS',
    });
    const me = (await (await page.request.get('/api/v1/users/me')).json()) as { data: { _id: string } };
    await addMemberThroughApi(elsewhere.page.request, theirProject._id, me.data._id, 'VIEWER');
    await elsewhere.context.close();

    await page.goto('/projects');
    await expect(page.getByText('You are a member of 3 projects')).toBeVisible();
    const names = page.getByRole('list', { name: 'Projects' }).getByRole('heading', { level: 3 });
    await expect(names).toHaveCount(3);
    const audit = page.getByRole('article', { name: 'Checkout Audit' });
    await expect(audit.getByText('Viewer', { exact: true })).toBeVisible();
    await expect(audit.getByText('Theirs')).toBeVisible();
    await expect(page.getByRole('article', { name: 'Search', exact: true }).getByText('High', { exact: true })).toBeVisible();
    await expect(page.getByRole('article', { name: 'Search', exact: true }).getByText('Admin', { exact: true })).toBeVisible();

    await page.getByLabel('Search projects').fill('checkout');
    // The server's order: most recently updated first.
    await expect(names).toHaveText(['Checkout Audit', 'Payments']);
    await page.getByLabel('Filter by role').selectOption('VIEWER');
    await expect(names).toHaveText(['Checkout Audit']);
    await page.getByLabel('Filter by role').selectOption('all');
    await page.getByLabel('Search projects').fill('');
    await page.getByLabel('Filter by status').selectOption('RELEASED');
    await expect(names).toHaveText(['Search']);
    await page.getByLabel('Filter by role').selectOption('VIEWER');
    await expect(page.getByRole('heading', { name: 'No projects found' })).toBeVisible();
    await expect(page.getByText('Try adjusting your search or filters')).toBeVisible();
    await page.getByLabel('Filter by status').selectOption('all');
    await page.getByLabel('Filter by role').selectOption('all');

    const grid = page.getByRole('button', { name: 'Grid view' });
    const list = page.getByRole('button', { name: 'List view' });
    await expect(grid).toHaveAttribute('aria-pressed', 'true');
    await list.click();
    await expect(list).toHaveAttribute('aria-pressed', 'true');
    await expect(grid).toHaveAttribute('aria-pressed', 'false');
    await expect(page.getByRole('list', { name: 'Projects' })).not.toHaveClass(/grid/);
    await page.reload();
    await expect(page.getByRole('button', { name: 'List view' })).toHaveAttribute('aria-pressed', 'true');
    await expect(names).toHaveCount(3);
    await page.getByRole('button', { name: 'Grid view' }).click();
    await expect(page.getByRole('list', { name: 'Projects' })).toHaveClass(/grid/);
  });

  test('no projects, and a failed load with Try Again', async ({ page, signedInUser: _ }) => {
    await page.goto('/projects');
    await expect(page.getByText('You are a member of 0 projects')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No projects found' })).toBeVisible();

    await page.route('**/api/v1/users/projects', (route) =>
      route.fulfill({ status: 400, json: { success: false, message: 'Projects are unavailable right now', code: 'BAD_REQUEST' } }),
    );
    await page.reload();
    await expect(page.getByRole('alert')).toContainText('Projects are unavailable right now');
    await page.unroute('**/api/v1/users/projects');
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect(page.getByRole('heading', { name: 'No projects found' })).toBeVisible();
  });
});
