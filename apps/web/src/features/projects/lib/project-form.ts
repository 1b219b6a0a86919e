import { createProjectBodySchema, projectKeyFieldSchema, type CreateProjectBody, type CreateProjectData, type Project } from '@tasklane/contract';
import { isApiError } from '@/lib/api-client';
import { formatEnum } from '@/lib/format';

/** SPEC 3: a new project is blue. */
export const DEFAULT_PROJECT_COLOR = '#3B82F6';

/**
 * The fields the create and edit forms offer, validated by the contract's own schema (name
 * required and trimmed, http(s) URLs, #RRGGBB). The category is left out: see docs/web.md.
 */
export const projectFormSchema = createProjectBodySchema.omit({ workspaceId: true, category: true }).extend({
  key: projectKeyFieldSchema,
});

/** What the form's fields hold before validation, and what validation gives. */
export type ProjectFormInput = Omit<CreateProjectBody, 'workspaceId' | 'category' | 'key'> & { key: string };
export type ProjectFormOutput = Omit<CreateProjectData, 'workspaceId' | 'category'>;

export interface ProjectFormValues extends ProjectFormInput {
  name: string;
  key: string;
  description: string;
  status: Project['status'];
  priority: Project['priority'];
  logo: string;
  coverImage: string;
  settings: { color: string; isPublic: boolean };
}

/**
 * What the form starts with: the create defaults of SPEC 3 (MEDIUM, BACKLOG, #3B82F6, not
 * public) for a new project, else the project's own values. SPEC 9 has the original's edit form
 * show #FACC15 whatever the project's colour; this form shows the project's actual colour.
 */
export function projectFormDefaults(project?: Pick<Project, 'name' | 'key' | 'description' | 'status' | 'priority' | 'logo' | 'coverImage' | 'settings'>): ProjectFormValues {
  if (!project) {
    return {
      name: '',
      key: '',
      description: '',
      status: 'BACKLOG',
      priority: 'MEDIUM',
      logo: '',
      coverImage: '',
      settings: { color: DEFAULT_PROJECT_COLOR, isPublic: false },
    };
  }
  return {
    name: project.name,
    key: project.key,
    description: project.description,
    status: project.status,
    priority: project.priority,
    logo: project.logo ?? '',
    coverImage: project.coverImage ?? '',
    settings: { color: project.settings.color, isPublic: project.settings.isPublic },
  };
}

const quoted = (text: string, limit = 80) => `"${text.length > limit ? `${text.slice(0, limit)}…` : text}"`;

/** A field of the project form as the project now has it, for saying what someone else changed. */
export function describeProjectField(field: keyof ProjectFormValues, project: Project): { label: string; value: string } {
  switch (field) {
    case 'name':
      return { label: 'Project Name', value: quoted(project.name) };
    case 'key':
      return { label: 'Key', value: project.key };
    case 'description':
      return { label: 'Description', value: project.description ? quoted(project.description) : 'No description' };
    case 'status':
      return { label: 'Status', value: formatEnum(project.status) };
    case 'priority':
      return { label: 'Priority', value: formatEnum(project.priority) };
    case 'logo':
      return { label: 'Logo URL', value: project.logo || 'None' };
    case 'coverImage':
      return { label: 'Cover Image URL', value: project.coverImage || 'None' };
    case 'settings':
      return { label: 'Colour and visibility', value: `${project.settings.color}, ${project.settings.isPublic ? 'public' : 'private'}` };
  }
}

/** The message of a refused key (taken: 409, invalid: 400), to show on the key field; else undefined. */
export function keyErrorOf(error: unknown): string | undefined {
  return isApiError(error) ? error.errors.find((fieldError) => fieldError.field === 'key')?.message : undefined;
}
