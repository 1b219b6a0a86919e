import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useShortcuts } from './shortcuts';

/**
 * What another screen (the command palette) asks of the page it opens: `create`, open the page's
 * Create dialog (Create todo, Create task in <feature>); `edit`, enter the page's Edit mode.
 * Carried in the navigation's state, so the address stays the page's own and a reload or a
 * shared link opens the page as usual.
 */
export interface PageRequest {
  create?: boolean;
  edit?: boolean;
}

const requestOf = (state: unknown): PageRequest => (typeof state === 'object' && state !== null ? (state as PageRequest) : {});

/**
 * Answers a request carried by the navigation that opened the page once (`ready`: the page
 * can act on it now, say once it knows the caller may create), then forgets it, so that going
 * back to the page does not open the dialog again.
 */
function usePageRequest(kind: keyof PageRequest, act: (() => void) | undefined, ready: boolean) {
  const location = useLocation();
  const navigate = useNavigate();
  const latestAct = useRef(act);
  latestAct.current = act;
  // Each navigation's request is answered once, whatever renders follow before it is forgotten.
  const answered = useRef<string | null>(null);
  const isRequested = requestOf(location.state)[kind] === true;
  useEffect(() => {
    if (!isRequested || !ready || answered.current === location.key) return;
    answered.current = location.key;
    const { [kind]: _done, ...rest } = requestOf(location.state);
    void navigate({ pathname: location.pathname, search: location.search, hash: location.hash }, { replace: true, state: Object.keys(rest).length > 0 ? rest : null });
    latestAct.current?.();
  }, [isRequested, ready, kind, location, navigate]);
}

/**
 * `c` creates the page's main thing (a todo on the dashboard, a task on a feature's page, a
 * feature on a project's page, a project on a workspace's page), and so does arriving with the
 * palette's request to. `create` undefined: the caller may not create here (the key does nothing).
 */
export function useCreateShortcut(create: (() => void) | undefined, { ready = true }: { ready?: boolean } = {}) {
  useShortcuts({ c: create ? () => create() : undefined });
  usePageRequest('create', create, ready && create !== undefined);
}

/** Enters the page's Edit mode when the navigation that opened it asked to (`e` on a task elsewhere). */
export function useEditRequest(edit: (() => void) | undefined, { ready = true }: { ready?: boolean } = {}) {
  usePageRequest('edit', edit, ready && edit !== undefined);
}
