/**
 * Words for screen readers only, read out politely whenever they change (a keyboard selection
 * moving through a list, a palette's result count).
 */
export function LiveRegion({ message, testId }: { message: string; testId?: string }) {
  return (
    <p role="status" aria-live="polite" aria-atomic="true" className="sr-only" data-testid={testId}>
      {message}
    </p>
  );
}
