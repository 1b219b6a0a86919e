import { useEffect, useState } from 'react';

/** `value`, once it has stopped changing for `delay` ms (a search box's requests wait for a pause in typing). */
export function useDebouncedValue<T>(value: T, delay = 300): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}
