import { describe, expect, it } from 'vitest';
import { AppError } from '../../http/errors.js';
import { hasCriteria, MAX_TERMS, parseSearch, statusesFor } from './search.query.js';

describe('parseSearch', () => {
  it('cuts words into lower-cased runs of letters and digits, each once', () => {
    expect(parseSearch('Fix the E-mail  form, fix it!').terms).toEqual(['fix', 'the', 'e', 'mail', 'form', 'it']);
    expect(parseSearch("' | & :* ( ) <->").terms).toEqual([]);
    expect(parseSearch('Élan naïve ÜBER 42').terms).toEqual(['élan', 'naïve', 'über', '42']);
    expect(parseSearch(Array.from({ length: 15 }, (_, index) => `w${index}`).join(' ')).terms).toHaveLength(MAX_TERMS);
  });

  it('reads filters in any case, quoted values included, and narrows the kinds to those they apply to', () => {
    const parsed = parseSearch('login IS:Open status:"In Review" priority:high project:"Mobile app"');
    expect(parsed).toMatchObject({ terms: ['login'], isOpen: true, statuses: ['IN_REVIEW'], priorities: ['HIGH'], projects: ['Mobile app'], types: ['task'] });
    expect(parseSearch('status:pending').types).toEqual(['todo']);
    expect(parseSearch('status:in-review').types).toEqual(['task', 'feature', 'project']);
    expect(parseSearch('status:block').statuses).toEqual(['BLOCKED']);
    expect(parseSearch('is:mine').types).toEqual(['task', 'todo']);
    expect(parseSearch('project:web').types).toEqual(['task', 'feature', 'project', 'comment']);
    expect(parseSearch('x is:open', ['workspace']).types).toEqual([]);
    expect(statusesFor(parseSearch('status:todo status:done'), 'feature')).toEqual(['DONE']);
  });

  it('searches other word:word text as words, and notes a task key', () => {
    expect(parseSearch('note:later http://example.com').terms).toEqual(['note', 'later', 'http', 'example', 'com']);
    expect(parseSearch('web-42').taskKey).toEqual({ key: 'WEB', number: 42 });
    expect(parseSearch('web-42').terms).toEqual(['web', '42']);
  });

  it.each([
    ['status:shipped', 'Unknown status "shipped"'],
    ['status:', 'status: needs a status'],
    ['priority:extreme', 'Unknown priority "extreme"'],
    ['is:closed', 'Unknown filter "is:closed"'],
    ['project:""', 'project: needs a project name'],
  ])('refuses %s with a 400 naming q', (q, message) => {
    let error: unknown;
    try {
      parseSearch(q);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).statusCode).toBe(400);
    expect((error as AppError).message).toContain(message);
    expect((error as AppError).errors).toEqual([{ field: 'q', message: (error as AppError).message }]);
  });

  it('has nothing to look for without words or filters', () => {
    expect(hasCriteria(parseSearch('!!!'))).toBe(false);
    expect(hasCriteria(parseSearch('is:open'))).toBe(true);
  });
});
