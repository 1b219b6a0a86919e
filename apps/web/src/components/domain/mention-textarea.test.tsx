import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { useController, useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { Dialog } from '@/components/ui/dialog';
import { activeMention, MentionTextarea, suggestMentionables, type Mentionable } from './mention-textarea';

const members: Mentionable[] = [
  { _id: 'u1', username: 'carl.c', fullName: 'Carl Colleague' },
  { _id: 'u2', username: 'cara', fullName: 'Cara Way' },
  { _id: 'u3', username: 'dee', fullName: 'Dee Carter' },
  { _id: 'u4', username: 'eve', fullName: 'Eve Other' },
];

function Controlled({ onKeyDown }: { onKeyDown?: () => void }) {
  const [text, setText] = useState('');
  return (
    <>
      <label htmlFor="box">Comment</label>
      <MentionTextarea id="box" value={text} onValueChange={setText} onKeyDown={onKeyDown} mentionables={members} />
      <output data-testid="value">{text}</output>
    </>
  );
}

const box = () => screen.getByRole('textbox', { name: 'Comment' }) as HTMLTextAreaElement;
const options = () => within(screen.getByRole('listbox', { name: 'Mention a member' })).getAllByRole('option');

describe('activeMention and suggestMentionables', () => {
  it('finds the @name before the caret, not an email address', () => {
    expect(activeMention('Hi @ca', 6)).toEqual({ start: 3, query: 'ca' });
    expect(activeMention('@', 1)).toEqual({ start: 0, query: '' });
    expect(activeMention('(@dee', 5)).toEqual({ start: 1, query: 'dee' });
    expect(activeMention('mail me@example.com', 19)).toBeNull();
    expect(activeMention('Hi @carl done', 13)).toBeNull();
  });

  it('matches usernames first, then full names and their words', () => {
    expect(suggestMentionables(members, 'car').map((person) => person.username)).toEqual(['carl.c', 'cara', 'dee']);
    expect(suggestMentionables(members, 'other').map((person) => person.username)).toEqual(['eve']);
    expect(suggestMentionables(members, '')).toHaveLength(4);
    expect(suggestMentionables(members, 'zed')).toEqual([]);
  });
});

describe('MentionTextarea', () => {
  it('typing @ offers the members as a listbox tied to the field; arrows move, Enter inserts @username', async () => {
    const user = userEvent.setup();
    render(<Controlled />);
    expect(screen.queryByRole('listbox')).toBeNull();
    await user.type(box(), 'Thanks @car');
    expect(options().map((option) => option.textContent)).toEqual(['Carl Colleague@carl.c', 'Cara Way@cara', 'Dee Carter@dee']);
    expect(box().getAttribute('aria-autocomplete')).toBe('list');
    expect(box().getAttribute('aria-controls')).toBe(screen.getByRole('listbox').id);
    expect(box().getAttribute('aria-activedescendant')).toBe(options()[0]!.id);
    expect(options()[0]!.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByText('3 members to mention')).toBeTruthy();

    await user.keyboard('{ArrowDown}');
    expect(box().getAttribute('aria-activedescendant')).toBe(options()[1]!.id);
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(options()[2]!.getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(screen.getByTestId('value').textContent).toBe('Thanks @dee ');
    expect(box().selectionStart).toBe('Thanks @dee '.length);
    // Typing goes on after it.
    await user.type(box(), 'ok');
    expect(screen.getByTestId('value').textContent).toBe('Thanks @dee ok');
  });

  it('a click inserts too; Escape closes the list until the next @, and Enter then reaches the field', async () => {
    const user = userEvent.setup();
    const onKeyDown = vi.fn();
    render(<Controlled onKeyDown={onKeyDown} />);
    await user.type(box(), '@ev');
    await user.click(screen.getByRole('option', { name: /Eve Other/ }));
    expect(screen.getByTestId('value').textContent).toBe('@eve ');

    await user.type(box(), 'and @c');
    expect(options()).toHaveLength(3);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    await user.type(box(), 'a');
    expect(screen.queryByRole('listbox')).toBeNull();
    onKeyDown.mockClear();
    await user.keyboard('{Enter}');
    expect(onKeyDown).toHaveBeenCalled();
    expect(screen.getByTestId('value').textContent).toBe('@eve and @ca\n');
    await user.type(box(), '@d');
    expect(options().map((option) => option.textContent)).toEqual(['Dee Carter@dee']);
  });

  it('works as a react-hook-form field (through useController): the inserted mention is in the submitted value', async () => {
    const user = userEvent.setup();
    const submitted = vi.fn();
    function Form() {
      const { control, handleSubmit } = useForm<{ description: string }>({ defaultValues: { description: '' } });
      const { field } = useController({ control, name: 'description' });
      return (
        <form onSubmit={handleSubmit((values) => submitted(values))}>
          <label htmlFor="description">Description</label>
          <MentionTextarea id="description" mentionables={members} {...field} onValueChange={field.onChange} />
          <button type="submit">Save</button>
        </form>
      );
    }
    render(<Form />);
    await user.type(screen.getByRole('textbox', { name: 'Description' }), 'Ask @cara{Enter}about it');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(submitted).toHaveBeenCalledWith({ description: 'Ask @cara about it' });
  });

  it('in a dialog, Escape closes the suggestions first and the dialog only after', async () => {
    const user = userEvent.setup();
    const onOpenChange = vi.fn();
    function InDialog() {
      const [text, setText] = useState('');
      return (
        <Dialog open onOpenChange={onOpenChange} title="New task">
          <label htmlFor="text">Description</label>
          <MentionTextarea id="text" value={text} onValueChange={setText} mentionables={members} />
        </Dialog>
      );
    }
    render(<InDialog />);
    await user.type(screen.getByRole('textbox', { name: 'Description' }), 'Hi @d');
    expect(screen.getByRole('listbox')).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(onOpenChange).not.toHaveBeenCalled();
    await user.keyboard('{Escape}');
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});
