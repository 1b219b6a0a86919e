import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useProgressiveCount } from './use-progressive-count';

function List({ items }: { items: string[] }) {
  const shown = useProgressiveCount(items.length, { first: 3, step: 3 });
  return (
    <ul aria-label="Items">
      {items.slice(0, shown).map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const numbered = (count: number) => Array.from({ length: count }, (_, index) => `Item ${index + 1}`);

describe('a list rendered a few items at a time', () => {
  it('shows the first items at once, then the rest a step per frame, and never more than there are', async () => {
    render(<List items={numbered(10)} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    await screen.findByText('Item 10');
    expect(screen.getAllByRole('listitem')).toHaveLength(10);
  });

  it('keeps what it shows when the list changes, and adds what comes after in steps', async () => {
    const { rerender } = render(<List items={numbered(4)} />);
    await screen.findByText('Item 4');
    // A shorter list (a filter) shows all of it; a longer one (Show more) keeps the first six.
    rerender(<List items={numbered(2)} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    rerender(<List items={numbered(20)} />);
    expect(screen.getAllByRole('listitem').length).toBeGreaterThanOrEqual(6);
    expect(screen.getAllByRole('listitem').length).toBeLessThan(20);
    await screen.findByText('Item 20');
    expect(screen.getAllByRole('listitem')).toHaveLength(20);
  });

  it('renders the rest in a tab that paints no frames (in the background), a step at a time', async () => {
    vi.stubGlobal('requestAnimationFrame', () => 0);
    render(<List items={numbered(7)} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    await screen.findByText('Item 7', {}, { timeout: 5_000 });
    expect(screen.getAllByRole('listitem')).toHaveLength(7);
  });

  it('shows a short list whole in its first render', () => {
    render(<List items={numbered(2)} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
  });
});
