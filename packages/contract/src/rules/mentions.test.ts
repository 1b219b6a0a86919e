import { describe, expect, it } from 'vitest';
import { newMentions, parseMentions } from './mentions.js';

describe('parseMentions', () => {
  it('finds @usernames at the start, after spaces and punctuation', () => {
    expect(parseMentions('@ann please ask (@bob_2) and @carol-x, thanks')).toEqual(['ann', 'bob_2', 'carol-x']);
  });
  it('lower-cases and lists each name once, in order', () => {
    expect(parseMentions('@Ann and @ann and @ANN, @dave')).toEqual(['ann', 'dave']);
  });
  it('drops a sentence-ending dot but keeps inner dots', () => {
    expect(parseMentions('Ask @john.smith. Then @ann.')).toEqual(['john.smith', 'ann']);
  });
  it('ignores emails, too-short names and a lone @', () => {
    expect(parseMentions('mail ann@example.com or @ab or @ or a@@bob')).toEqual([]);
  });
  it('finds mentions on new lines and in Markdown', () => {
    expect(parseMentions('first line\n@zed: **@yan** > @xavier')).toEqual(['zed', 'yan', 'xavier']);
  });
  it('ignores names inside code spans and fenced code blocks, but not beside them', () => {
    expect(parseMentions('run `@ann` or ``x @bob ` y`` then @carol')).toEqual(['carol']);
    expect(parseMentions('see\n```ts\n@Component()\n@dave\n```\nthanks @erin')).toEqual(['erin']);
    expect(parseMentions('~~~\n@frank\n~~~\n@gina')).toEqual(['gina']);
    expect(parseMentions('```\nnever closed @hank')).toEqual([]);
    expect(parseMentions('a lone ` backtick @ivan')).toEqual(['ivan']);
    expect(parseMentions('`code`@jill')).toEqual(['jill']);
  });
  it('stops at 50 characters (a longer run is not a username)', () => {
    expect(parseMentions(`@${'a'.repeat(50)}`)).toEqual(['a'.repeat(50)]);
  });
});

describe('newMentions', () => {
  it('answers only the names the edit added', () => {
    expect(newMentions('hi @ann', 'hi @ann and @Bob')).toEqual(['bob']);
    expect(newMentions('hi @ann', 'bye')).toEqual([]);
    expect(newMentions('', '@carl')).toEqual(['carl']);
  });
});
