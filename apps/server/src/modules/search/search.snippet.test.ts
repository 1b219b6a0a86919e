import { describe, expect, it } from 'vitest';
import { pickField, SNIPPET_CHARS, snippetOf, wordMatches } from './search.snippet.js';

describe('search snippets', () => {
  it('marks word beginnings, and for longer terms parts of words and near spellings', () => {
    expect(wordMatches('dashboard', 'dash')).toBe(true);
    expect(wordMatches('dashboard', 'board')).toBe(true);
    expect(wordMatches('dashboard', 'dashbord')).toBe(true);
    expect(wordMatches('subway', 'way')).toBe(false);
    expect(wordMatches('invoice', 'review')).toBe(false);
  });

  it('escapes everything and wraps each matching word in <mark>', () => {
    expect(snippetOf('<b>Fix</b> the "login" & co', ['login', 'b'])).toBe('&lt;<mark>b</mark>&gt;Fix&lt;/<mark>b</mark>&gt; the &quot;<mark>login</mark>&quot; &amp; co');
    expect(snippetOf('Line one\n\nline  two', ['two'])).toBe('Line one line <mark>two</mark>');
  });

  it('cuts a long text around the first match, at words, with an ellipsis where text was left out', () => {
    const text = `${'alpha beta gamma '.repeat(20)}the needle here ${'delta epsilon '.repeat(30)}`;
    const snippet = snippetOf(text, ['needle']);
    expect(snippet.startsWith('…alpha') || snippet.startsWith('…beta') || snippet.startsWith('…gamma')).toBe(true);
    expect(snippet).toContain('the <mark>needle</mark> here');
    expect(snippet.endsWith('…')).toBe(true);
    expect(snippet.replace(/<\/?mark>|…/g, '').length).toBeLessThanOrEqual(SNIPPET_CHARS + 10);
    expect(snippetOf(text, ['alpha']).startsWith('<mark>alpha</mark>')).toBe(true);
  });

  it('shows the field that holds most of the words, the earlier one when equal', () => {
    expect(pickField(['Quarterly planning', 'ops', 'Update the kestrel numbers'], ['kestrel'])).toBe('Update the kestrel numbers');
    expect(pickField(['Kestrel numbers', '', 'kestrel too'], ['kestrel'])).toBe('Kestrel numbers');
    expect(pickField(['Title', 'frontend', 'body'], ['front'])).toBe('frontend');
    expect(pickField(['Title', '', ''], ['nothing'])).toBe('Title');
  });
});
