import { describe, expect, it } from 'vitest';
import { splitSnippet, unescapeHtml } from './snippet';

describe('splitSnippet', () => {
  it('splits on the marks, and gives back the escaped text as the text it stands for', () => {
    expect(splitSnippet('Fix the <mark>login</mark> &amp; <mark>sign</mark>-up &lt;form&gt;')).toEqual([
      { text: 'Fix the ', isMatch: false },
      { text: 'login', isMatch: true },
      { text: ' & ', isMatch: false },
      { text: 'sign', isMatch: true },
      { text: '-up <form>', isMatch: false },
    ]);
  });

  it('never turns escaped markup into a mark, and survives a mark left open', () => {
    expect(splitSnippet('&lt;mark&gt;not a match&lt;/mark&gt;')).toEqual([{ text: '<mark>not a match</mark>', isMatch: false }]);
    expect(splitSnippet('<mark>open')).toEqual([{ text: 'open', isMatch: true }]);
    expect(splitSnippet('')).toEqual([]);
  });

  it('unescapes only what an escaper writes', () => {
    expect(unescapeHtml('&quot;a&quot; &#39;b&#39; &amp;amp; &copy;')).toBe(`"a" 'b' &amp; &copy;`);
  });
});
