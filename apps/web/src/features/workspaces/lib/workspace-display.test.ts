import { describe, expect, it } from 'vitest';
import { isBlankName, workspaceCreatedLabel, workspaceDisplayName } from './workspace-display';

describe('workspaceDisplayName', () => {
  it('uses the name when there is one', () => {
    expect(workspaceDisplayName('Marketing', 0)).toBe('Marketing');
    expect(workspaceDisplayName('  Ops  ', 3)).toBe('Ops');
  });

  it("falls back to 'Workspace {position}', counting from 1", () => {
    expect(workspaceDisplayName('', 0)).toBe('Workspace 1');
    expect(workspaceDisplayName('   ', 2)).toBe('Workspace 3');
    expect(workspaceDisplayName(null, 4)).toBe('Workspace 5');
    expect(workspaceDisplayName(undefined, 9)).toBe('Workspace 10');
  });
});

describe('workspaceCreatedLabel', () => {
  it('shows the short US date', () => {
    expect(workspaceCreatedLabel('2025-01-05T10:30:00.000Z')).toBe('Created Jan 5, 2025');
    expect(workspaceCreatedLabel('2024-12-31T23:59:59.000Z')).toBe('Created Dec 31, 2024');
  });

  it("answers 'Unknown' without a readable date", () => {
    expect(workspaceCreatedLabel(null)).toBe('Unknown');
    expect(workspaceCreatedLabel(undefined)).toBe('Unknown');
    expect(workspaceCreatedLabel('')).toBe('Unknown');
    expect(workspaceCreatedLabel('not a date')).toBe('Unknown');
  });
});

describe('isBlankName', () => {
  it('is blank when only spaces remain', () => {
    expect(isBlankName('')).toBe(true);
    expect(isBlankName('   \t')).toBe(true);
    expect(isBlankName(' a ')).toBe(false);
  });
});
