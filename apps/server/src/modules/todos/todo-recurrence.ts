import * as dates from '@tasklane/contract';
import rrule from 'rrule';

// rrule 2.8 is CommonJS for Node: its named exports come through the default one.
const { RRule } = rrule;

/** The contract's recurrence dates (decision 036), with the rrule package. */
export const firstRecurrence = (rule: string, date: string) => dates.firstRecurrence(RRule, rule, date);
export const isPossibleRecurrence = (rule: string, date: string) => dates.isPossibleRecurrence(RRule, rule, date);
export const nextRecurrence = (rule: string, dueDate: string) => dates.nextRecurrence(RRule, rule, dueDate);
