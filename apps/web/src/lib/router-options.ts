/**
 * How the app's router (app/app.tsx) and the tests' (testing/render.tsx) apply a change of
 * address: at once, rather than in a transition. In a transition, a second change made before the
 * first has rendered (two filters picked in a row) would start from the address before the
 * first, and undo it. A page whose code is still loading shows the shell's loader meanwhile.
 */
export const routerOptions = { useTransitions: false } as const;
