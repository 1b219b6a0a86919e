import { describe, expect, it } from 'vitest';
import { DEFAULT_PROJECT_COLOR, projectFormDefaults, projectFormSchema } from './project-form';

describe('projectFormDefaults', () => {
  it('starts a new project with the create defaults of SPEC 3', () => {
    expect(projectFormDefaults()).toEqual({
      name: '',
      key: '',
      description: '',
      status: 'BACKLOG',
      priority: 'MEDIUM',
      logo: '',
      coverImage: '',
      settings: { color: '#3B82F6', isPublic: false },
    });
    expect(DEFAULT_PROJECT_COLOR).toBe('#3B82F6');
  });

  it("edits a project with its own values, its actual colour included (not SPEC 9's #FACC15)", () => {
    const values = projectFormDefaults({
      name: 'Site',
      key: 'SITE',
      description: 'The website',
      status: 'RELEASED',
      priority: 'HIGH',
      logo: null,
      coverImage: 'https://example.com/cover.png',
      settings: { color: '#10B981', isPublic: true, allowMemberInvites: true, requireApproval: false },
    });
    expect(values).toEqual({
      name: 'Site',
      key: 'SITE',
      description: 'The website',
      status: 'RELEASED',
      priority: 'HIGH',
      logo: '',
      coverImage: 'https://example.com/cover.png',
      settings: { color: '#10B981', isPublic: true },
    });
  });
});

describe('projectFormSchema', () => {
  it('sends no key when the field is empty, an upper-cased one when filled, and refuses an invalid one', () => {
    expect(projectFormSchema.parse({ ...projectFormDefaults(), name: 'Web', key: '  ' }).key).toBeUndefined();
    expect(projectFormSchema.parse({ ...projectFormDefaults(), name: 'Web', key: ' web ' }).key).toBe('WEB');
    const invalid = projectFormSchema.safeParse({ ...projectFormDefaults(), name: 'Web', key: 'W3B' });
    expect(invalid.error?.issues[0]).toMatchObject({ path: ['key'], message: 'Key must be 2 to 6 letters A–Z' });
  });

  it("refuses a blank name with 'Project name is required' and trims a filled one", () => {
    const blank = projectFormSchema.safeParse({ ...projectFormDefaults(), name: '   ' });
    expect(blank.success).toBe(false);
    expect(blank.error?.issues[0]?.message).toBe('Project name is required');
    const filled = projectFormSchema.parse({ ...projectFormDefaults(), name: '  Launch  ' });
    expect(filled.name).toBe('Launch');
  });

  it('sends empty image fields as null and refuses URLs that are not http(s)', () => {
    const parsed = projectFormSchema.parse({ ...projectFormDefaults(), name: 'P' });
    expect(parsed.logo).toBeNull();
    expect(parsed.coverImage).toBeNull();
    const bad = projectFormSchema.safeParse({ ...projectFormDefaults(), name: 'P', logo: 'javascript:alert(1)' });
    expect(bad.success).toBe(false);
  });
});
