import { describe, expect, it } from 'vitest';
import { readRecents, recentStorageKey, rememberRecent, RECENT_LIMIT, type RecentItem } from './recents';

function memoryStorage() {
  const values = new Map<string, string>();
  return { getItem: (key: string) => values.get(key) ?? null, setItem: (key: string, value: string) => void values.set(key, value), values };
}

const item = (id: string): RecentItem => ({ type: 'task', _id: id, title: `Task ${id}`, url: `/t/${id}` });

describe('the palette recents', () => {
  it('keeps the latest first, once each, at most RECENT_LIMIT, per person', () => {
    const storage = memoryStorage();
    for (let index = 0; index < RECENT_LIMIT + 2; index += 1) rememberRecent(storage, 'ann', item(String(index)));
    rememberRecent(storage, 'ann', item('3'));
    const recents = readRecents(storage, 'ann');
    expect(recents.map((recent) => recent._id)).toEqual(['3', '9', '8', '7', '6', '5', '4', '2']);
    expect(readRecents(storage, 'bob')).toEqual([]);
    expect(readRecents(storage, undefined)).toEqual([]);
  });

  it('ignores what it cannot read', () => {
    const storage = memoryStorage();
    storage.setItem(recentStorageKey('ann'), '{not json');
    expect(readRecents(storage, 'ann')).toEqual([]);
    storage.setItem(recentStorageKey('ann'), JSON.stringify([{ type: 'task' }, item('1'), 'x']));
    expect(readRecents(storage, 'ann')).toEqual([item('1')]);
    const failing = { getItem: () => null, setItem: () => { throw new Error('quota'); } };
    expect(rememberRecent(failing, 'ann', item('2'))).toEqual([item('2')]);
  });
});
