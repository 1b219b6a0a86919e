// @vitest-environment jsdom
// DOMPurify does not support happy-dom (it lets a <script> through there: cure53/DOMPurify#1457),
// so the sanitizer is tested in jsdom, which it does support, as a browser would run it.
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Markdown, sanitizeMarkdownHtml as renderMarkdownHtml } from './markdown';

const show = (source: string) => render(<Markdown source={source} />).container.firstElementChild as HTMLElement;

describe('Markdown', () => {
  it('renders bold, italics, lists, links, code and quotes', () => {
    const box = show(
      [
        'Some **bold** and *italic* words, and `inline code`.',
        '',
        '- first',
        '- second',
        '',
        '1. one',
        '2. two',
        '',
        '> quoted',
        '',
        '```',
        'const x = 1;',
        '```',
        '',
        'See [the docs](https://example.com/docs) or mail [us](mailto:team@example.com).',
      ].join('\n'),
    );
    expect(within(box).getByText('bold').tagName).toBe('STRONG');
    expect(within(box).getByText('italic').tagName).toBe('EM');
    expect(within(box).getByText('inline code').tagName).toBe('CODE');
    const [bullets, numbers] = within(box).getAllByRole('list');
    expect(bullets!.tagName).toBe('UL');
    expect(within(bullets!).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['first', 'second']);
    expect(numbers!.tagName).toBe('OL');
    expect(box.querySelector('blockquote')?.textContent?.trim()).toBe('quoted');
    expect(box.querySelector('pre code')?.textContent).toBe('const x = 1;\n');
    const link = within(box).getByRole('link', { name: 'the docs' });
    expect(link.getAttribute('href')).toBe('https://example.com/docs');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(within(box).getByRole('link', { name: 'us' }).getAttribute('href')).toBe('mailto:team@example.com');
  });

  it('a line break in the text is a break, as people type them', () => {
    const box = show('line one\nline two');
    expect(box.querySelector('p')?.innerHTML).toBe('line one<br>line two');
  });

  it('raw HTML never passes: a <script>, an event handler and an iframe are shown as text, not run or parsed', () => {
    const box = show('Hi <script>alert(1)</script> <img src=x onerror="alert(2)"> <iframe src="https://evil.example"></iframe>\n\n<div onclick="alert(3)">block</div>');
    expect(box.querySelector('script, img, iframe, div')).toBeNull();
    expect(box.innerHTML).not.toMatch(/<(script|img|iframe|div)/i);
    expect(box.querySelectorAll('[onerror], [onclick]')).toHaveLength(0);
    expect(box.textContent).toContain('<script>alert(1)</script>');
    expect(box.textContent).toContain('<div onclick="alert(3)">block</div>');
  });

  it('javascript:, data: and other addresses lose their link; relative ones too', () => {
    const box = show(
      '[a](javascript:alert(1)) [b](JAVASCRIPT:alert(1)) [c](data:text/html;base64,PHNjcmlwdD4=) [d](vbscript:msgbox) [e](/settings) <javascript:alert(2)>',
    );
    expect(box.querySelectorAll('[href]')).toHaveLength(0);
    expect(box.innerHTML).not.toMatch(/href=/i);
    // Their text stays.
    expect(box.textContent).toContain('a b c d e');
  });

  it('the sanitizer is a second wall: HTML that reached it is cut to what Markdown makes', () => {
    const html = renderMarkdownHtml('<p onclick="x()">a <a href="javascript:alert(1)">b</a> <script>1</script><iframe></iframe><a href="https://ok.example">c</a></p>');
    expect(html).toBe('<p>a <a target="_blank" rel="noopener noreferrer">b</a> <a href="https://ok.example" target="_blank" rel="noopener noreferrer">c</a></p>');
  });

  it('an image is shown as its text, never loaded', () => {
    const box = show('![tracking pixel](https://evil.example/p.gif)');
    expect(box.querySelector('img')).toBeNull();
    expect(screen.getByText('tracking pixel')).toBeTruthy();
  });
});
