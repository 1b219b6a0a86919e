import { formatShortDate, toCalendarDate, type CreateFeatureBody, type Feature, type FeatureForm, type FeatureFormData, type UpdateFeatureBody } from '@tasklane/contract';
import { formatEnum, formatHours } from '@/lib/format';

/** The form's values: a feature being edited, or SPEC 4's defaults (BACKLOG, MEDIUM). */
export function featureFormDefaults(feature: Feature | null): FeatureForm {
  if (!feature) {
    return { title: '', description: '', status: 'BACKLOG', priority: 'MEDIUM', dueDate: '', estimatedHours: '', actualHours: '', defaultCategoryId: '' };
  }
  return {
    title: feature.title,
    description: feature.description,
    status: feature.status,
    priority: feature.priority,
    dueDate: feature.dueDate ? toCalendarDate(feature.dueDate) : '',
    estimatedHours: feature.estimatedHours === null ? '' : String(feature.estimatedHours),
    actualHours: feature.actualHours === null ? '' : String(feature.actualHours),
    defaultCategoryId: feature.defaultCategoryId ?? '',
  };
}

/** SPEC 5: hours go as whole numbers when filled and are left out when empty. */
export function toCreateFeatureBody(data: FeatureFormData, projectId: string): CreateFeatureBody {
  const { estimatedHours, actualHours, defaultCategoryId, ...fields } = data;
  return {
    ...fields,
    ...(defaultCategoryId ? { defaultCategoryId } : {}),
    ...(estimatedHours === null ? {} : { estimatedHours }),
    ...(actualHours === null ? {} : { actualHours }),
    projectId,
  };
}

/**
 * The edit's body: the form's fields with the project (SPEC 7) and the version read (a stale one
 * is refused with 409). PUT keeps what it is not sent, so empty hours are left out, except to
 * clear hours the feature had: then null.
 */
export function toUpdateFeatureBody(data: FeatureFormData, feature: Feature): UpdateFeatureBody {
  const { estimatedHours, actualHours, defaultCategoryId, ...fields } = data;
  const hours = (value: number | null, current: number | null) => (value === null && current === null ? undefined : value);
  const body: UpdateFeatureBody = { ...fields, projectId: feature.projectId._id, version: feature.version };
  const estimated = hours(estimatedHours, feature.estimatedHours);
  const actual = hours(actualHours, feature.actualHours);
  if (estimated !== undefined) body.estimatedHours = estimated;
  if (actual !== undefined) body.actualHours = actual;
  // Sent back as read when unchanged (another member's choice is kept); null clears it.
  if (defaultCategoryId || feature.defaultCategoryId) body.defaultCategoryId = defaultCategoryId || null;
  return body;
}

const quoted = (text: string, limit = 80) => `"${text.length > limit ? `${text.slice(0, limit)}…` : text}"`;

/** A field of the feature form as the feature now has it, for saying what someone else changed. */
export function describeFeatureField(field: keyof FeatureForm, feature: Feature): { label: string; value: string } {
  switch (field) {
    case 'title':
      return { label: 'Title', value: quoted(feature.title) };
    case 'description':
      return { label: 'Description', value: feature.description ? quoted(feature.description) : 'No description' };
    case 'status':
      return { label: 'Status', value: formatEnum(feature.status) };
    case 'priority':
      return { label: 'Priority', value: formatEnum(feature.priority) };
    case 'dueDate':
      return { label: 'Due Date', value: formatShortDate(feature.dueDate, 'Not set') };
    case 'estimatedHours':
      return { label: 'Estimated Hours', value: formatHours(feature.estimatedHours) };
    case 'actualHours':
      return { label: 'Actual Hours', value: formatHours(feature.actualHours) };
    case 'defaultCategoryId':
      return { label: 'Default Category', value: feature.defaultCategoryId ? 'Another category' : 'None' };
  }
}
