import fs from 'node:fs';
import { expect, test } from '../fixtures';
import { seedComment, seedFeature, seedProjectGround, seedTask } from '../seed';

test.describe('project export', () => {
  test('the project page downloads the project as JSON and its tasks as CSV, from the keyboard', async ({ page, signedInUser }) => {
    void signedInUser;
    const { project, category } = await seedProjectGround(page.request, { project: 'Export Garden', category: 'Outdoor' });
    const feature = await seedFeature(page.request, { projectId: project._id, title: 'Beds' });
    const task = await seedTask(page.request, { featureId: feature._id, categoryId: category._id, title: '=Dig, then "plant"' });
    await seedComment(page.request, task._id, 'Mind the roots');
    await page.goto(`/dashboard/projects/${project._id}`);

    const exports = page.getByRole('group', { name: 'Export Export Garden' });
    const json = exports.getByRole('link', { name: 'Export as JSON' });
    await json.focus();
    const [jsonDownload] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    expect(jsonDownload.suggestedFilename()).toMatch(/^tasklane-[A-Z]{2,6}-\d{4}-\d{2}-\d{2}\.json$/);
    const document = JSON.parse(fs.readFileSync((await jsonDownload.path())!, 'utf8'));
    expect(document).toMatchObject({ format: 'tasklane.project', version: 1, project: { name: 'Export Garden' } });
    expect(document.tasks[0]).toMatchObject({ title: '=Dig, then "plant"', comments: [expect.objectContaining({ text: 'Mind the roots' })] });

    const [csvDownload] = await Promise.all([page.waitForEvent('download'), exports.getByRole('link', { name: 'Export as CSV' }).click()]);
    expect(csvDownload.suggestedFilename()).toMatch(/\.csv$/);
    const csv = fs.readFileSync((await csvDownload.path())!, 'utf8');
    expect(csv.split('\r\n')[0]).toContain('Key,Title,Description');
    expect(csv).toContain(`"'=Dig, then ""plant"""`);
    // Still on the project's page.
    await expect(page.getByRole('heading', { level: 1, name: 'Export Garden' })).toBeVisible();
  });
});
