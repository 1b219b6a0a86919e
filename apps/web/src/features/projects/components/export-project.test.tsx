import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ExportProject } from './export-project';

describe('ExportProject', () => {
  it('offers the JSON and CSV downloads of the project as links, reachable with Tab', async () => {
    const user = userEvent.setup();
    render(<ExportProject project={{ _id: 'project-1', name: 'Client Portal' }} />);

    expect(screen.getByRole('group', { name: 'Export Client Portal' })).toBeTruthy();
    const json = screen.getByRole('link', { name: 'Export as JSON' });
    const csv = screen.getByRole('link', { name: 'Export as CSV' });
    expect(json.getAttribute('href')).toBe('/api/v1/projects/project-1/export?format=json');
    expect(csv.getAttribute('href')).toBe('/api/v1/projects/project-1/export?format=csv');
    expect(json.hasAttribute('download')).toBe(true);
    expect(csv.hasAttribute('download')).toBe(true);

    await user.tab();
    expect(document.activeElement).toBe(json);
    await user.tab();
    expect(document.activeElement).toBe(csv);
  });
});
