import { afterEach, describe, expect, it } from 'vitest';
import { adoptStaticScreen, takeStaticInput } from './static-screen';

afterEach(() => {
  document.body.innerHTML = '';
});

function staticPage() {
  const container = document.createElement('div');
  container.innerHTML = '<form><input id="email" type="email"><input id="password" type="password"><button type="submit" disabled></button></form>';
  document.body.append(container);
  return {
    container,
    email: container.querySelector<HTMLInputElement>('#email')!,
    password: container.querySelector<HTMLInputElement>('#password')!,
  };
}

describe("what is typed into a page's build-time HTML before the app renders", () => {
  it('is handed over once per field, after React replaced the HTML, and the focus goes to the new field at once', () => {
    const { container, email, password } = staticPage();
    adoptStaticScreen(container);
    email.value = 'ada@example.com';
    password.focus();
    password.value = 'secret-1';
    // React's first render replaces the page's HTML: the old fields are detached, and the focus
    // falls back to the body.
    container.innerHTML = '<form><input id="email"><input id="password"></form>';
    expect(document.activeElement).toBe(document.body);
    expect(takeStaticInput('email')).toBe('ada@example.com');
    expect(document.activeElement).toBe(document.body);
    expect(takeStaticInput('password')).toBe('secret-1');
    // Synchronously: a key typed next lands in the new field (no timer in between).
    expect(document.activeElement).toBe(container.querySelector('#password'));
    expect(takeStaticInput('email')).toBeUndefined();
  });

  it('moves the focus even when nothing was typed yet into the focused field', () => {
    const { container, password } = staticPage();
    adoptStaticScreen(container);
    password.focus();
    container.innerHTML = '<form><input id="email"><input id="password"></form>';
    expect(takeStaticInput('password')).toBeUndefined();
    expect(document.activeElement).toBe(container.querySelector('#password'));
  });

  it('hands over nothing for an untouched field, or when the page had no fields (the loader)', () => {
    const { container } = staticPage();
    adoptStaticScreen(container);
    expect(takeStaticInput('email')).toBeUndefined();
    expect(takeStaticInput('unknown')).toBeUndefined();

    const loader = document.createElement('div');
    loader.innerHTML = '<div role="status"><p>Loading...</p></div>';
    adoptStaticScreen(loader);
    expect(takeStaticInput('password')).toBeUndefined();
  });
});
