import { describe, expect, it } from 'vitest';
import { renderStaticScreens } from './render';

/** The build-time HTML of the pages that have one (apps/web/static-screens.ts), read as a browser would before any script. */
function screenOf(path: string): Document {
  const markup = renderStaticScreens()[path];
  expect(markup, path).toBeDefined();
  return new DOMParser().parseFromString(`<div id="root">${markup}</div>`, 'text/html');
}

describe('the pages whose HTML holds their first screen', () => {
  it('are the sign-in form and the dashboard, no other', () => {
    expect(Object.keys(renderStaticScreens()).sort()).toEqual(['/', '/login']);
  });

  it("the dashboard's frame names nobody, offers nothing that needs the app, and shows where the todos will be", () => {
    const page = screenOf('/');
    expect(page.querySelector('h1')?.textContent).toBe('Todos');
    expect(page.querySelector('h2')?.textContent).toBe('Today');
    expect(page.body.textContent).toContain('Loading today...');
    expect(page.body.textContent).toContain('Loading...');
    // Who is signed in is not known at build time: no greeting, no account buttons, no sign-in link.
    expect(page.body.textContent).not.toContain('Hello');
    expect(page.querySelector('[data-testid="greeting"]')).toBeNull();
    expect(page.querySelector('a[href="/login"]')).toBeNull();
    // Every button and field waits for the app; the links are plain links and work without it.
    const controls = [...page.querySelectorAll('button, input')];
    expect(controls.length).toBeGreaterThanOrEqual(4);
    expect(controls.filter((control) => !(control as HTMLButtonElement | HTMLInputElement).disabled).map((control) => control.outerHTML.slice(0, 80))).toEqual([]);
    expect(page.querySelector('input[placeholder^="Quick add"]')).not.toBeNull();
    expect(page.querySelector('nav[aria-label="Main"] a[aria-current="page"]')?.getAttribute('href')).toBe('/');
  });

  it('the sign-in form cannot be submitted before the app has loaded', () => {
    const page = screenOf('/login');
    expect(page.querySelector('h1')?.textContent).toBe('Welcome Back');
    expect(page.querySelector<HTMLButtonElement>('button[type="submit"]')?.disabled).toBe(true);
  });
});
