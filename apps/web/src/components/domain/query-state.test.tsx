import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithQueries } from '@/lib/testing/render';
import { QueryState } from './query-state';

/** A query whose answers the test lines up: each call takes the next (an Error fails it). */
function Screen({ answers, renderError, errorFooter }: { answers: Array<string | Error>; renderError?: (error: unknown) => ReactNode; errorFooter?: ReactNode }) {
  const query = useQuery({
    queryKey: ['greeting'],
    queryFn: async () => {
      const next = answers.shift() ?? 'no more answers';
      if (next instanceof Error) throw next;
      return next;
    },
  });
  return (
    <QueryState query={query} loading="Loading greeting..." errorMessage="Failed to fetch greeting" renderError={renderError} errorFooter={errorFooter}>
      {(greeting) => <p>Greeting: {greeting}</p>}
    </QueryState>
  );
}

describe('QueryState', () => {
  it('shows the loader while pending, then the data', async () => {
    renderWithQueries(<Screen answers={['hello']} />);
    expect(screen.getByRole('status').textContent).toContain('Loading greeting...');
    expect(await screen.findByText('Greeting: hello')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('a failure shows its message with Try Again, which loads again', async () => {
    const user = userEvent.setup();
    renderWithQueries(<Screen answers={[new Error('down'), 'hello again']} />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to fetch greeting');
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('Greeting: hello again')).toBeTruthy();
  });

  it('a failure may offer a way out under Try Again; it goes once the data is there', async () => {
    const user = userEvent.setup();
    renderWithQueries(<Screen answers={[new Error('down'), 'back']} errorFooter={<a href="/workspaces">Back to Workspaces</a>} />);
    expect((await screen.findByRole('link', { name: 'Back to Workspaces' })).getAttribute('href')).toBe('/workspaces');
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('Greeting: back')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Back to Workspaces' })).toBeNull();
  });

  it('a failure with a screen of its own shows that screen instead', async () => {
    renderWithQueries(<Screen answers={[new Error('gone')]} renderError={(error) => <p>Not here: {(error as Error).message}</p>} />);
    expect(await screen.findByText('Not here: gone')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try Again' })).toBeNull();
  });
});
