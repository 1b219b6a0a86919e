import type { RRuleClassLike } from '@tasklane/contract';
import type { RRule } from 'rrule';

type RRuleModule = { RRule: typeof RRule };
export type RRuleClass = RRuleClassLike<ReturnType<typeof RRule.parseString>>;

let loading: Promise<RRuleClass> | undefined;

/**
 * The rrule package, loaded the first time a todo form shows a repeat (decision 036): it is
 * about 20 KB gzipped, and the dashboard's first screen does not need it. Its CommonJS build
 * (what Node gives the component tests) has its exports under `default`.
 */
export function loadRRule(): Promise<RRuleClass> {
  loading ??= import('rrule').then((module) => module.RRule ?? (module as unknown as { default: RRuleModule }).default.RRule);
  return loading;
}
