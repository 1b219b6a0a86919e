import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { createProjectThroughApi, createWorkspaceThroughApi, expect, registerThroughApi, signInThroughApi, test, uniqueUser } from '../fixtures';
import { seedAttachments, seedCategory, seedTodo } from '../seed';

/**
 * Injection in the browser (issue 7): markup and script typed into any text a user controls is
 * shown as that text, never run; the Content-Security-Policy refuses inline script; and another
 * origin can neither send a state-changing request with the session nor read an answer.
 */
const payload = (where: string) => `<img src=x onerror="window.__pwned='${where}'"><script>window.__pwned='${where}'</script>"'&amp;`;

/**
 * A payload as a Markdown field (a task's description, a comment: issue 17) shows it: its HTML as
 * text all the same, but a character reference such as `&amp;` reads as the character, as
 * Markdown (CommonMark) has it.
 */
const asMarkdown = (text: string) => text.replace('&amp;', '&');

/** Fails the test if anything the payloads carry ever runs. */
function watchForScript(page: Page) {
  const fired: string[] = [];
  page.on('dialog', (dialog) => {
    fired.push(`dialog: ${dialog.message()}`);
    void dialog.dismiss();
  });
  return async () => {
    const pwned = await page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned);
    if (pwned) fired.push(`script ran from ${pwned}`);
    return fired;
  };
}

test('markup in every name, title, description and comment shows as plain text and never runs', async ({ page, request, baseURL }) => {
  const user = { ...uniqueUser(), fullName: payload('full name') };
  await registerThroughApi(request, user);
  await signInThroughApi(page, user);
  const api = page.request;
  const category = await seedCategory(api, { name: payload('category').slice(0, 50), slug: 'markup-todo' });
  await seedTodo(api, { title: payload('todo title'), description: payload('todo description'), category: category._id });
  const workspace = await createWorkspaceThroughApi(api, payload('workspace'));
  const project = await createProjectThroughApi(api, { workspaceId: workspace._id, name: payload('project') });
  const featureResponse = await api.post('/api/v1/features', {
    data: { title: payload('feature'), description: payload('feature description'), projectId: project._id },
  });
  expect(featureResponse.status()).toBe(201);
  const feature = (await featureResponse.json()).data;
  const taskCategory = await seedCategory(api, { name: 'Markup tasks', slug: 'markup-tasks', type: 'TASK' });
  const taskResponse = await api.post('/api/v1/tasks', {
    data: {
      title: payload('task'),
      description: payload('task description'),
      tags: ['<b>tag</b>'],
      featureId: feature._id,
      categoryId: taskCategory._id,
      assigneeId: (await (await api.get('/api/v1/users/me')).json()).data._id,
    },
  });
  expect(taskResponse.status()).toBe(201);
  const task = (await taskResponse.json()).data;
  expect((await api.post(`/api/v1/tasks/${task._id}/comments`, { data: { comment: payload('comment') } })).status()).toBe(201);
  // A file name holds no '/' (it would be a path part) and no quotes (multipart escapes them).
  const fileName = "<img src=x onerror=window.__pwned='file'>.html";
  await seedAttachments(api, task._id, [{ name: fileName, mimeType: 'text/html', buffer: Buffer.from(payload('file content')) }], payload('upload'));

  const check = watchForScript(page);
  const visits: Array<[string, string[]]> = [
    ['/', [payload('todo title'), payload('todo description')]],
    ['/list', [payload('todo title')]],
    ['/categories', [payload('category').slice(0, 50)]],
    ['/workspaces', [payload('workspace')]],
    [`/dashboard/${workspace._id}`, [payload('project')]],
    ['/projects', [payload('project')]],
    [`/dashboard/projects/${project._id}`, [payload('feature')]],
    [`/dashboard/projects/${project._id}/features/${feature._id}/task`, [payload('task')]],
    [
      `/dashboard/projects/${project._id}/features/${feature._id}/task/${task._id}`,
      [asMarkdown(payload('task description')), asMarkdown(payload('comment')), '<b>tag</b>', fileName, payload('upload')],
    ],
    ['/tasks', [payload('task')]],
  ];
  for (const [path, texts] of visits) {
    await page.goto(`${baseURL}${path}`);
    for (const text of texts) await expect(page.getByText(text, { exact: true }).first()).toBeVisible();
    // The greeting carries the full name.
    await expect(page.getByTestId('greeting')).toContainText(payload('full name'));
  }
  expect(await page.locator('img[src="x"]').count()).toBe(0);
  expect(await check()).toEqual([]);
});

test('the Content-Security-Policy refuses inline script, even one added to the page', async ({ page, signedInUser: _ }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Todos', level: 1 })).toBeVisible();
  const ran = await page.evaluate(async () => {
    const script = document.createElement('script');
    script.textContent = "window.__inline = 'ran'";
    document.body.append(script);
    const handler = document.createElement('div');
    handler.setAttribute('onclick', "window.__inline = 'ran'");
    document.body.append(handler);
    handler.click();
    await new Promise((resolve) => setTimeout(resolve, 100));
    return (window as unknown as { __inline?: string }).__inline ?? null;
  });
  expect(ran).toBeNull();
  await expect.poll(() => violations.length).toBeGreaterThan(0);
});

test('another origin can neither change anything with the session nor read an answer', async ({ page, signedInUser: _, baseURL }) => {
  // A page on another origin (another port), in the same browser that holds the session.
  const attacker = http.createServer((_request, response) => {
    response.setHeader('content-type', 'text/html');
    response.end('<!doctype html><title>elsewhere</title>');
  });
  await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(attacker.address() as AddressInfo).port}`;
  try {
    await page.goto(origin);
    const outcome = await page.evaluate(async (target) => {
      const results: string[] = [];
      try {
        const response = await fetch(`${target}/api/v1/workspaces`, {
          method: 'POST',
          credentials: 'include',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ name: 'Made from elsewhere' }),
        });
        results.push(`read ${response.status}`);
      } catch {
        results.push('fetch refused');
      }
      try {
        const response = await fetch(`${target}/api/v1/users/me`, { credentials: 'include' });
        results.push(`read ${response.status}: ${await response.text()}`);
      } catch {
        results.push('read refused');
      }
      // The classic form post, as a text/plain simple request with no preflight.
      await fetch(`${target}/api/v1/workspaces`, { method: 'POST', mode: 'no-cors', credentials: 'include', body: '{"name":"Made from elsewhere"}' }).catch(() => undefined);
      return results;
    }, baseURL);
    expect(outcome).toEqual(['fetch refused', 'read refused']);
    const workspaces = await (await page.request.get(`${baseURL}/api/v1/workspaces`)).json();
    expect(workspaces.data.map((workspace: { name: string }) => workspace.name)).not.toContain('Made from elsewhere');
  } finally {
    await new Promise((resolve) => attacker.close(resolve));
  }
});
