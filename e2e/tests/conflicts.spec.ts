import type { Page } from '@playwright/test';
import { createProjectThroughApi, createWorkspaceThroughApi, expect, test, toast } from '../fixtures';
import { seedFeature } from '../seed';

/**
 * Stale saves (409): with live updates cut off, another save is discovered only when the server
 * refuses this one. The form then shows the latest version, keeps what this person changed, and
 * a second save applies their change on top. (The live path is in live.spec.ts; tasks in
 * task-detail.spec.ts.)
 */
const withoutLiveUpdates = (page: Page) => page.route('**/api/v1/events**', (route) => route.abort());

test.describe('stale saves', () => {
  test('a feature saved by someone else meanwhile: the form shows their title and keeps my priority; saving again applies it', async ({
    page,
    signedInUser,
  }) => {
    void signedInUser;
    await withoutLiveUpdates(page);
    const workspace = await createWorkspaceThroughApi(page.request, 'Looms workspace');
    const project = await createProjectThroughApi(page.request, { workspaceId: workspace._id, name: 'Looms' });
    const feature = await seedFeature(page.request, { projectId: project._id, title: 'Shuttle' });
    await page.goto(`/dashboard/projects/${project._id}`);

    await page.getByRole('button', { name: 'Edit Shuttle' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Feature' });
    await dialog.getByLabel('Priority').selectOption('URGENT');

    // Someone else renames it (version 1 -> 2) before this save.
    const other = await page.request.put(`/api/v1/features/${feature._id}`, { data: { title: 'Flying shuttle', projectId: project._id } });
    expect(other.status()).toBe(200);
    const refused = page.waitForResponse((response) => response.request().method() === 'PUT' && response.url().includes('/api/v1/features/'));
    await dialog.getByRole('button', { name: 'Update Feature' }).click();
    expect((await refused).status()).toBe(409);

    const notice = dialog.getByRole('alert').filter({ hasText: 'Someone else changed this feature.' });
    await expect(notice).toContainText('Here is the latest version; your changes are kept in the form. Save again to apply them.');
    await expect(notice.getByRole('list', { name: 'Their changes' })).toHaveText('Title: "Flying shuttle"');
    await expect(dialog.getByLabel('Title')).toHaveValue('Flying shuttle');
    await expect(dialog.getByLabel('Priority')).toHaveValue('URGENT');

    const saved = page.waitForRequest((request) => request.method() === 'PUT' && request.url().includes('/api/v1/features/'));
    await dialog.getByRole('button', { name: 'Update Feature' }).click();
    expect((await saved).postDataJSON()).toMatchObject({ priority: 'URGENT', version: 2 });
    await expect(toast(page, 'Feature updated successfully')).toBeVisible();
    await expect(dialog).toBeHidden();
    const row = page.getByRole('table', { name: 'Features' }).getByRole('row').filter({ hasText: 'Flying shuttle' });
    await expect(row).toContainText('Urgent');
  });

  test('a project saved by someone else meanwhile: the form shows their name and keeps my status; saving again applies it', async ({
    page,
    signedInUser,
  }) => {
    void signedInUser;
    await withoutLiveUpdates(page);
    const workspace = await createWorkspaceThroughApi(page.request, 'Mills');
    const project = await createProjectThroughApi(page.request, { workspaceId: workspace._id, name: 'Water Mill' });
    await page.goto(`/dashboard/${workspace._id}`);

    const card = page.getByRole('article', { name: 'Water Mill', exact: true });
    await card.hover();
    await page.getByRole('button', { name: 'Actions for Water Mill' }).click();
    await page.getByRole('menuitem', { name: 'Edit Project' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Project' });
    await dialog.getByLabel('Status').selectOption('IN_PROGRESS');

    const other = await page.request.put(`/api/v1/projects/${project._id}`, { data: { name: 'Tide Mill' } });
    expect(other.status()).toBe(200);
    const refused = page.waitForResponse((response) => response.request().method() === 'PUT' && response.url().includes('/api/v1/projects/'));
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    expect((await refused).status()).toBe(409);

    const notice = dialog.getByRole('alert').filter({ hasText: 'Someone else changed this project.' });
    await expect(notice.getByRole('list', { name: 'Their changes' })).toHaveText('Project Name: "Tide Mill"');
    await expect(dialog.getByLabel('Project Name')).toHaveValue('Tide Mill');
    await expect(dialog.getByLabel('Status')).toHaveValue('IN_PROGRESS');

    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Project updated successfully!')).toBeVisible();
    await expect(dialog).toBeHidden();
    const renamed = page.getByRole('article', { name: 'Tide Mill', exact: true });
    await expect(renamed.getByText('In Progress', { exact: true })).toBeVisible();
  });
});
