/** Every keyboard shortcut, as the `?` sheet lists them (issue 18). `keys`: what is pressed, in order. */
export interface ShortcutEntry {
  keys: string[];
  description: string;
}

export interface ShortcutGroup {
  title: string;
  entries: ShortcutEntry[];
}

export function shortcutGroups(paletteKey: string): ShortcutGroup[] {
  return [
    {
      title: 'Anywhere',
      entries: [
        { keys: [paletteKey], description: 'Open the command palette: search everything, run a command' },
        { keys: ['?'], description: 'Show this list of shortcuts' },
        { keys: ['/'], description: "Search this page's list" },
        { keys: ['c'], description: "Create the page's main thing: a todo, a task, a feature or a project" },
      ],
    },
    {
      title: 'Go to',
      entries: [
        { keys: ['g', 't'], description: 'Todos' },
        { keys: ['g', 'w'], description: 'Workspaces' },
        { keys: ['g', 'p'], description: 'Assigned Projects' },
        { keys: ['g', 'a'], description: 'Assigned Tasks' },
        { keys: ['g', 'c'], description: 'Categories' },
        { keys: ['g', 'l'], description: 'Calendar' },
      ],
    },
    {
      title: 'In a list',
      entries: [
        { keys: ['j'], description: 'Select the next item' },
        { keys: ['k'], description: 'Select the previous item' },
        { keys: ['Enter'], description: 'Open the selected item' },
        { keys: ['x'], description: 'Tick or untick the selected todo' },
        { keys: ['e'], description: 'Edit the selected item' },
        { keys: ['s'], description: "Change the selected task's status" },
        { keys: ['p'], description: "Change the selected task's priority" },
        { keys: ['a'], description: "Change the selected task's assignee" },
      ],
    },
    {
      title: 'In the calendar',
      entries: [
        { keys: ['←', '→', '↑', '↓'], description: 'Move between days' },
        { keys: ['Enter'], description: 'Open the day: what is due, move it, add a todo or a task' },
        { keys: ['Page Up', 'Page Down'], description: 'The same day a month earlier or later' },
        { keys: ['c'], description: 'Create a todo due on the focused day' },
      ],
    },
    {
      title: 'On a task',
      entries: [
        { keys: ['s'], description: 'Change its status' },
        { keys: ['p'], description: 'Change its priority' },
        { keys: ['a'], description: 'Change its assignee' },
        { keys: ['e'], description: 'Edit it' },
      ],
    },
    {
      title: 'In a dialog or the palette',
      entries: [
        { keys: ['↑', '↓'], description: 'Move through the palette' },
        { keys: ['Esc'], description: 'Close' },
      ],
    },
  ];
}
