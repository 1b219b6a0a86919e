import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import { expect, signInThroughApi, test } from '../fixtures';
import { seedComment, seedFeature, seedProjectGround, seedTask, seedTodo, seedCategory } from '../seed';

// axe-core's own build, injected into each page (the app's CSP would refuse an inline script:
// this spec's browser context bypasses it, nothing else does).
const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** WCAG 2.1 A and AA, as axe-core checks them (Lighthouse's accessibility score is made of these). */
const RULE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

type Violation = { id: string; help: string; nodes: Array<{ html: string; failureSummary?: string }> };

/** Every WCAG violation on the page as it is now, one line per rule and element. */
async function violationsOf(page: Page): Promise<string[]> {
  // Colours are read as they are: let fades and slides end first (a spinner's never does).
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  await page.addScriptTag({ path: axePath });
  const violations = await page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: unknown) => Promise<{ violations: Violation[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations.map((violation) => ({ id: violation.id, help: violation.help, nodes: violation.nodes.map((node) => ({ html: node.html, failureSummary: node.failureSummary })) }));
  }, RULE_TAGS);
  return violations.flatMap((violation) => violation.nodes.slice(0, 3).map((node) => `${violation.id} (${violation.help}): ${node.html}\n    ${node.failureSummary ?? ''}`));
}

test.use({ bypassCSP: true });

test.describe('accessibility (axe-core, WCAG 2.1 A and AA)', () => {
  test('the sign-in page has no violations', async ({ page }) => {
    await page.goto('/login');
    // The app's own form (its HTML holds a first one until the app runs).
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    expect(await violationsOf(page)).toEqual([]);
  });

  test('the main screens of a signed-in person have no violations', async ({ page, user }) => {
    await signInThroughApi(page, user);
    const todoCategory = await seedCategory(page.request, { name: 'Errands', type: 'TODO' });
    await seedTodo(page.request, { title: 'Buy milk', category: todoCategory._id, priority: 'HIGH' });
    const { workspace, project, category } = await seedProjectGround(page.request, { project: 'Contrast Works' });
    const feature = await seedFeature(page.request, { projectId: project._id, title: 'Readable screens' });
    const task = await seedTask(page.request, { featureId: feature._id, categoryId: category._id, title: 'Check the colours' });
    await seedComment(page.request, task._id, 'Looks **fine** to me');

    const screens: Array<{ path: string; ready: (page: Page) => Promise<void> }> = [
      { path: '/', ready: (p) => expect(p.getByText('Buy milk')).toBeVisible() },
      { path: '/workspaces', ready: (p) => expect(p.getByRole('heading', { level: 1, name: 'Workspaces' })).toBeVisible() },
      { path: `/dashboard/${workspace._id}`, ready: (p) => expect(p.getByText('Contrast Works').first()).toBeVisible() },
      { path: `/dashboard/projects/${project._id}`, ready: (p) => expect(p.getByText('Readable screens').first()).toBeVisible() },
      { path: `/dashboard/projects/${project._id}/features/${feature._id}/task`, ready: (p) => expect(p.getByText('Check the colours').first()).toBeVisible() },
      { path: `/dashboard/projects/${project._id}/features/${feature._id}/task/${task._id}`, ready: (p) => expect(p.getByText('Looks')).toBeVisible() },
      { path: '/categories', ready: (p) => expect(p.getByRole('heading', { level: 1, name: 'Categories' })).toBeVisible() },
      { path: '/tasks', ready: (p) => expect(p.getByRole('heading', { level: 1, name: 'Assigned Tasks' })).toBeVisible() },
      { path: '/calendar', ready: (p) => expect(p.getByRole('heading', { level: 1, name: 'Calendar' })).toBeVisible() },
      { path: '/inbox', ready: (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible() },
      { path: '/settings', ready: (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible() },
    ];
    const found: string[] = [];
    for (const screen of screens) {
      await page.goto(screen.path);
      await screen.ready(page);
      found.push(...(await violationsOf(page)).map((line) => `${screen.path}: ${line}`));
    }
    // The feature's board.
    await page.goto(`/dashboard/projects/${project._id}/features/${feature._id}/task`);
    await page.getByRole('button', { name: 'Board' }).click();
    await expect(page.getByRole('list', { name: /tasks$/ }).first()).toBeVisible();
    await expect(page.getByText('Check the colours').first()).toBeVisible();
    found.push(...(await violationsOf(page)).map((line) => `board: ${line}`));
    expect(found, found.join('\n')).toEqual([]);
  });
});
