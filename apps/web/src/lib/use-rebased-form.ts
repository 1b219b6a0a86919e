import { useCallback, useEffect, useRef, useState } from 'react';
import type { FieldValues } from 'react-hook-form';

/** A field another person changed while the form was open, and whether this person's value was kept. */
export type TheirChange<V> = { field: keyof V & string; isYoursKept: boolean };

export interface RebasedForm<R, V> {
  /**
   * The version the form's untouched fields show: a save is computed against it and sends its
   * `version` (read it when saving, not while rendering).
   */
  base: () => R;
  /** The fields others changed since the form was opened (empty: nobody did). */
  theirChanges: TheirChange<V>[];
  /** A save was refused as stale (409): the latest version is on its way. */
  isAwaitingLatest: boolean;
  markStale: () => void;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Keeps an edit form of a live resource (a task, a feature, a project) on its latest version
 * without losing what the person typed. When a newer version arrives (someone else saved: a live
 * update, or the refetch after a 409), the fields this person has not touched take the new values,
 * the ones they changed keep theirs, and `theirChanges` says what changed. Their next save then
 * applies their changes on top of the latest version. `toValues` must be a stable function.
 */
export function useRebasedForm<R extends { version: number }, V extends FieldValues>(
  resource: R,
  toValues: (resource: R) => V,
  // A react-hook-form whose values V fill (the form's own type may be wider).
  form: { reset: (values: V, options: { keepDirtyValues: boolean }) => void; getFieldState: (name: never) => { isDirty: boolean } },
): RebasedForm<R, V> {
  const baseRef = useRef(resource);
  const [theirChanges, setTheirChanges] = useState<TheirChange<V>[]>([]);
  const [isAwaitingLatest, setIsAwaitingLatest] = useState(false);
  const { reset, getFieldState } = form;

  useEffect(() => {
    const previous = baseRef.current;
    if (resource.version <= previous.version) return;
    const before = toValues(previous);
    const after = toValues(resource);
    const changed = (Object.keys(after) as Array<keyof V & string>).filter((field) => !same(before[field], after[field]));
    const kept = new Set(changed.filter((field) => getFieldState(field as never).isDirty));
    reset(after, { keepDirtyValues: true });
    baseRef.current = resource;
    setIsAwaitingLatest(false);
    setTheirChanges((earlier) => {
      const merged = new Map(earlier.map((change) => [change.field, change]));
      for (const field of changed) merged.set(field, { field, isYoursKept: kept.has(field) });
      return [...merged.values()];
    });
  }, [resource, toValues, reset, getFieldState]);

  const base = useCallback(() => baseRef.current, []);
  const markStale = useCallback(() => setIsAwaitingLatest(true), []);
  return { base, theirChanges, isAwaitingLatest, markStale };
}
