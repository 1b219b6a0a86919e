import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { addMemberThroughApi, expect, registerThroughApi, signInElsewhere, test, toast, uniqueUser } from '../fixtures';
import { seedAttachments, seedFeature, seedProjectGround, seedTask } from '../seed';

// The e2e server runs with UPLOAD_MAX_FILE_MB=2 and UPLOAD_MAX_FILES=5 (playwright.config.ts).
const MB = 1024 * 1024;
const PICKER = 'Choose files or drag and drop them here';

const history = (page: Page) => page.getByRole('list', { name: 'History' });
const section = (page: Page) => page.getByRole('region', { name: /^Attachments \(\d+\)$/ });
const listed = (page: Page) => section(page).getByRole('list', { name: 'Attachments' }).getByRole('listitem');
const picked = (page: Page) => section(page).getByRole('list', { name: 'Files to upload' }).getByRole('listitem');

/** A task of the signed-in user's own project, and its detail route. */
async function taskToOpen(page: Page) {
  const { project, category } = await seedProjectGround(page.request, { project: 'Archive Room', category: 'Records' });
  const feature = await seedFeature(page.request, { projectId: project._id, title: 'Scanning' });
  const task = await seedTask(page.request, { featureId: feature._id, categoryId: category._id, title: 'Scan the ledgers' });
  return { project, feature, category, task, url: `/dashboard/projects/${project._id}/features/${feature._id}/task/${task._id}` };
}

/** Counts the upload requests the page sends. */
function countUploads(page: Page) {
  const sent = { count: 0 };
  page.on('request', (request) => {
    if (request.method() === 'POST' && /\/api\/v1\/tasks\/[^/]+\/attachments$/.test(request.url())) sent.count += 1;
  });
  return sent;
}

test.describe('task attachments', () => {
  test('attach two files with a description, see the progress, the list and the history; download one; remove it', async ({
    page,
    signedInUser,
  }) => {
    // The upload goes through a deliberately slow uplink.
    test.slow();
    const me = signedInUser.fullName;
    const { url } = await taskToOpen(page);
    await page.goto(url);
    await expect(section(page).getByRole('heading', { name: 'Attachments (0)' })).toBeVisible();
    await expect(section(page).getByText('No attachments yet')).toBeVisible();
    const input = page.getByLabel(PICKER);
    await expect(input).toHaveAttribute('type', 'file');
    await expect(input).toHaveAccessibleDescription('Up to 5 files, 2 MB each');

    const design = randomBytes(MB);
    const notes = Buffer.from('Ledger 1 to 40: scanned.\nLedger 41: water damage.\n');
    await input.setInputFiles([
      { name: 'design.pdf', mimeType: 'application/pdf', buffer: design },
      { name: 'notes.txt', mimeType: 'text/plain', buffer: notes },
    ]);
    await expect(picked(page)).toHaveCount(2);
    await expect(picked(page).first()).toContainText('design.pdf');
    await expect(picked(page).first()).toContainText('1 MB');
    await section(page).getByLabel('Description (optional)').fill('first drafts');

    // A slow uplink, so the progress is there to see.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 384 * 1024 });
    await section(page).getByRole('button', { name: 'Upload 2 files' }).click();
    const bar = section(page).getByRole('progressbar', { name: 'Upload progress' });
    await expect(bar).toBeVisible();
    await expect(section(page).getByRole('status')).toHaveText('Uploading 2 files...');
    await expect(page.getByLabel(PICKER)).toBeDisabled();
    await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 15_000 }).toBeGreaterThan(0);
    await expect(toast(page, 'Attachments uploaded successfully')).toBeVisible({ timeout: 20_000 });
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await expect(bar).toHaveCount(0);
    await expect(picked(page)).toHaveCount(0);

    // Listed oldest first, by name within one upload: name, size, uploader, when, description.
    await expect(section(page).getByRole('heading', { name: 'Attachments (2)' })).toBeVisible();
    await expect(listed(page)).toHaveCount(2);
    await expect(listed(page).first()).toContainText('design.pdf');
    await expect(listed(page).first()).toContainText('1 MB');
    await expect(listed(page).first()).toContainText(me);
    await expect(listed(page).first()).toContainText('just now');
    await expect(listed(page).first()).toContainText('first drafts');
    await expect(listed(page).last()).toContainText('notes.txt');
    await expect(listed(page).last()).toContainText(`${notes.length} B`);
    await expect(history(page).getByRole('listitem').first()).toContainText(`Attached design.pdf, notes.txt by ${me} — "first drafts"`);

    // The download is the file as it was sent, under its name.
    const downloading = page.waitForEvent('download');
    await section(page).getByRole('link', { name: 'Download design.pdf' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('design.pdf');
    expect(fs.readFileSync((await download.path())!).equals(design)).toBe(true);

    // Remove, after a confirmation that Cancel leaves alone.
    await section(page).getByRole('button', { name: 'Remove design.pdf' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Remove Attachment' });
    await expect(confirm).toContainText('Are you sure you want to remove "design.pdf"? This action cannot be undone.');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(listed(page)).toHaveCount(2);
    await section(page).getByRole('button', { name: 'Remove design.pdf' }).click();
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expect(toast(page, 'Attachment removed successfully')).toBeVisible();
    await expect(listed(page)).toHaveCount(1);
    await expect(listed(page)).toContainText('notes.txt');
    await expect(section(page).getByRole('heading', { name: 'Attachments (1)' })).toBeVisible();
    await expect(history(page).getByRole('listitem').first()).toContainText(`Removed design.pdf by ${me}`);

    // It is the server's: still so after a reload.
    await page.reload();
    await expect(listed(page)).toHaveCount(1);
    await expect(history(page).getByRole('listitem')).toHaveCount(3);
  });

  test('refused before sending: a file too large, too many files, an empty file; the server refusing is shown', async ({ page, signedInUser: _ }) => {
    const { url } = await taskToOpen(page);
    const uploads = countUploads(page);
    await page.goto(url);
    const input = page.getByLabel(PICKER);
    const upload = (count: number) => section(page).getByRole('button', { name: `Upload ${count} ${count === 1 ? 'file' : 'files'}` });

    await input.setInputFiles({ name: 'scan.tiff', mimeType: 'image/tiff', buffer: Buffer.alloc(2 * MB + 1, 7) });
    await expect(picked(page).first()).toContainText('"scan.tiff" is too large: each file may be at most 2 MB');
    await expect(upload(1)).toBeDisabled();
    await section(page).getByRole('button', { name: 'Remove scan.tiff from the upload' }).click();
    await expect(picked(page)).toHaveCount(0);

    const six = Array.from({ length: 6 }, (_, index) => ({ name: `page-${index + 1}.txt`, mimeType: 'text/plain', buffer: Buffer.from(`page ${index + 1}`) }));
    await input.setInputFiles(six);
    await expect(section(page).getByRole('alert').filter({ hasText: 'Too many files: at most 5 can be uploaded at once' })).toBeVisible();
    await expect(upload(6)).toBeDisabled();
    await section(page).getByRole('button', { name: 'Remove page-6.txt from the upload' }).click();
    await expect(section(page).getByText('Too many files')).toHaveCount(0);
    await expect(upload(5)).toBeEnabled();
    await section(page).getByRole('button', { name: 'Clear' }).click();

    await input.setInputFiles({ name: 'empty.txt', mimeType: 'text/plain', buffer: Buffer.alloc(0) });
    await expect(picked(page).first()).toContainText('"empty.txt" is empty');
    await expect(upload(1)).toBeDisabled();
    await section(page).getByRole('button', { name: 'Clear' }).click();
    expect(uploads.count).toBe(0);

    // What the server says when it refuses anyway is what the toast says; the files stay picked.
    await page.route('**/api/v1/tasks/*/attachments', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 413, json: { success: false, code: 'PAYLOAD_TOO_LARGE', message: 'Too many files: at most 5 can be uploaded at once' } })
        : route.fallback(),
    );
    await input.setInputFiles({ name: 'ok.txt', mimeType: 'text/plain', buffer: Buffer.from('fine') });
    await upload(1).click();
    await expect(toast(page, 'Too many files: at most 5 can be uploaded at once')).toBeVisible();
    await expect(picked(page)).toHaveCount(1);
    await page.unroute('**/api/v1/tasks/*/attachments');
    await page.route('**/api/v1/tasks/*/attachments', (route) =>
      route.request().method() === 'POST' ? route.fulfill({ status: 502, body: '' }) : route.fallback(),
    );
    await upload(1).click();
    await expect(toast(page, 'Failed to upload attachments')).toBeVisible();
    await expect(section(page).getByText('No attachments yet')).toBeVisible();
  });

  test('the keyboard opens the picker from the drop zone, and files dropped on it are picked', async ({ page, signedInUser }) => {
    const { url } = await taskToOpen(page);
    await page.goto(url);
    const input = page.getByLabel(PICKER);
    await input.focus();
    await expect(input).toBeFocused();

    const choosing = page.waitForEvent('filechooser');
    await page.keyboard.press('Enter');
    const chooser = await choosing;
    expect(chooser.isMultiple()).toBe(true);
    await chooser.setFiles({ name: 'typed.txt', mimeType: 'text/plain', buffer: Buffer.from('from the keyboard') });
    await expect(picked(page)).toHaveCount(1);

    const choosingAgain = page.waitForEvent('filechooser');
    await input.focus();
    await page.keyboard.press('Space');
    await (await choosingAgain).setFiles({ name: 'spaced.txt', mimeType: 'text/plain', buffer: Buffer.from('space bar') });
    await expect(picked(page)).toHaveCount(2);

    const dataTransfer = await page.evaluateHandle(() => {
      const transfer = new DataTransfer();
      transfer.items.add(new File(['dropped in'], 'dropped.txt', { type: 'text/plain' }));
      return transfer;
    });
    // The zone is the input's label (its text changes while files are dragged over it).
    const zone = page.locator(`label[for="${await input.getAttribute('id')}"]`);
    await zone.dispatchEvent('dragenter', { dataTransfer });
    await expect(zone).toContainText('Drop the files to add them');
    await zone.dispatchEvent('drop', { dataTransfer });
    await expect(picked(page)).toHaveCount(3);
    await expect(picked(page).last()).toContainText('dropped.txt');

    await section(page).getByRole('button', { name: 'Upload 3 files' }).press('Enter');
    await expect(toast(page, 'Attachments uploaded successfully')).toBeVisible();
    await expect(listed(page)).toHaveCount(3);
    await expect(history(page).getByRole('listitem').first()).toContainText(`Attached typed.txt, spaced.txt, dropped.txt by ${signedInUser.fullName}`);
  });

  test('a VIEWER sees the list and downloads, but may neither upload nor remove', async ({ page, browser, baseURL, signedInUser }) => {
    const viewer = uniqueUser();
    const viewerId = await registerThroughApi(page.request, viewer);
    const { project, task, url } = await taskToOpen(page);
    await addMemberThroughApi(page.request, project._id, viewerId, 'VIEWER');
    const bytes = randomBytes(4096);
    await seedAttachments(page.request, task._id, [{ name: 'ledger-1.png', mimeType: 'image/png', buffer: bytes }], 'Cover page');

    const other = await signInElsewhere(browser, baseURL, viewer);
    await other.page.goto(url);
    await expect(listed(other.page)).toHaveCount(1);
    await expect(listed(other.page)).toContainText('ledger-1.png');
    await expect(listed(other.page)).toContainText('4 KB');
    await expect(listed(other.page)).toContainText(signedInUser.fullName);
    await expect(other.page.getByLabel(PICKER)).toHaveCount(0);
    await expect(section(other.page).getByRole('button', { name: /^Remove/ })).toHaveCount(0);

    const downloading = other.page.waitForEvent('download');
    await section(other.page).getByRole('link', { name: 'Download ledger-1.png' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('ledger-1.png');
    expect(fs.readFileSync((await download.path())!).equals(bytes)).toBe(true);
    await other.context.close();
  });

  test('Create Task attaches the files picked in the modal; a file too large keeps the task from being created', async ({ page, signedInUser }) => {
    const { project, category } = await seedProjectGround(page.request, { project: 'Map Room', category: 'Charts' });
    const feature = await seedFeature(page.request, { projectId: project._id, title: 'Coastlines' });
    await page.goto(`/dashboard/projects/${project._id}/features/${feature._id}/task`);
    let creates = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/v1/tasks')) creates += 1;
    });

    await page.getByRole('button', { name: 'Create Task' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create Task' });
    await dialog.getByLabel('Title').fill('Chart the bay');
    await dialog.getByLabel('Category').selectOption({ label: category.name });
    const input = dialog.getByLabel(PICKER);
    await expect(input).toHaveAccessibleDescription('Up to 5 files, 2 MB each');
    await input.setInputFiles({ name: 'huge.tif', mimeType: 'image/tiff', buffer: Buffer.alloc(3 * MB, 1) });
    await expect(dialog.getByText('"huge.tif" is too large: each file may be at most 2 MB')).toBeVisible();
    await dialog.getByRole('button', { name: 'Create Task' }).click();
    await expect(input).toBeFocused();
    expect(creates).toBe(0);
    await dialog.getByRole('button', { name: 'Remove huge.tif from the upload' }).click();

    const survey = Buffer.from('Depths in fathoms, 1852.');
    await input.setInputFiles({ name: 'survey.txt', mimeType: 'text/plain', buffer: survey });
    await expect(dialog.getByRole('list', { name: 'Files to attach' }).getByRole('listitem')).toHaveText([/survey\.txt/]);
    await dialog.getByRole('button', { name: 'Create Task' }).click();
    await expect(toast(page, 'Task created successfully')).toBeVisible();
    await expect(toast(page, 'Attachment uploaded successfully')).toBeVisible();
    await expect(dialog).toBeHidden();
    expect(creates).toBe(1);

    // The list shows the count; the task has the file and the history says so.
    const row = page.getByRole('table', { name: 'Tasks' }).getByRole('row').filter({ hasText: 'Chart the bay' });
    await expect(row.getByText('1 attachment')).toBeAttached();
    await row.getByRole('link', { name: 'View Chart the bay' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Chart the bay' })).toBeVisible();
    await expect(listed(page)).toHaveCount(1);
    await expect(listed(page)).toContainText('survey.txt');
    await expect(listed(page)).toContainText(`${survey.length} B`);
    await expect(history(page)).toContainText(`Attached survey.txt by ${signedInUser.fullName}`);
  });

  test('when the upload after Create Task fails, the task exists: it says so and opens the task', async ({ page, signedInUser: _ }) => {
    const { project, category } = await seedProjectGround(page.request, { project: 'Map Room', category: 'Charts' });
    const feature = await seedFeature(page.request, { projectId: project._id, title: 'Coastlines' });
    await page.goto(`/dashboard/projects/${project._id}/features/${feature._id}/task`);
    await page.route('**/api/v1/tasks/*/attachments', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 507, json: { success: false, code: 'INTERNAL_ERROR', message: 'The server has no room for this upload' } })
        : route.fallback(),
    );

    await page.getByRole('button', { name: 'Create Task' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create Task' });
    await dialog.getByLabel('Title').fill('Chart the cove');
    await dialog.getByLabel('Category').selectOption({ label: category.name });
    await dialog.getByLabel(PICKER).setInputFiles({ name: 'cove.txt', mimeType: 'text/plain', buffer: Buffer.from('shallow') });
    await dialog.getByRole('button', { name: 'Create Task' }).click();
    await expect(toast(page, 'Task created, but its attachments were not uploaded: The server has no room for this upload')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Chart the cove' })).toBeVisible();
    await expect(section(page).getByText('No attachments yet')).toBeVisible();
    await expect(page.getByLabel(PICKER)).toBeEnabled();
  });
});
