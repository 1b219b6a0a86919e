import { useSearchParams } from 'react-router';

const PARAM = 'hideSubtasks';

/**
 * The feature's "Hide subtasks" filter (decision 033), kept in the URL (`?hideSubtasks=1`) like
 * the list's other filters, so a link or a reload keeps it. Changing it goes back to page 1.
 */
export function useHideSubtasks(): [boolean, (next: boolean) => void] {
  const [params, setParams] = useSearchParams();
  const isHiding = params.get(PARAM) === '1';
  const setHiding = (next: boolean) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next) updated.set(PARAM, '1');
        else updated.delete(PARAM);
        updated.delete('page');
        return updated;
      },
      { replace: true },
    );
  return [isHiding, setHiding];
}
