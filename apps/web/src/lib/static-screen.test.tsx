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
  it('is handed over once per field, with the field that had the focus, after React replaced the HTML', () => {
    const { container, email, password } = staticPage();
    adoptStaticScreen(container);
    email.value = 'ada@example.com';
    password.focus();
    password.value = 'secret-1';
    // React's first render replaces the page's HTML: the old fields are detached.
    container.innerHTML = '<form><input id="email"><input id="password"></form>';
    expect(takeStaticInput('email')).toEqual({ value: 'ada@example.com', isFocused: false });
    expect(takeStaticInput('password')).toEqual({ value: 'secret-1', isFocused: true });
    expect(takeStaticInput('email')).toBeUndefined();
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
