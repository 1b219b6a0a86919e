import { toCalendarDate, type CreateFeatureBody, type Feature, type FeatureForm, type FeatureFormData, type UpdateFeatureBody } from '@tasklane/contract';

/** The form's values: a feature being edited, or SPEC 4's defaults (BACKLOG, MEDIUM). */
export function featureFormDefaults(feature?: Feature | null): FeatureForm {
  if (!feature) {
    return { title: '', description: '', status: 'BACKLOG', priority: 'MEDIUM', dueDate: '', estimatedHours: '', actualHours: '' };
  }
  return {
    title: feature.title,
    description: feature.description,
    status: feature.status,
    priority: feature.priority,
    dueDate: feature.dueDate ? toCalendarDate(feature.dueDate) : '',
    estimatedHours: feature.estimatedHours === null ? '' : String(feature.estimatedHours),
    actualHours: feature.actualHours === null ? '' : String(feature.actualHours),
  };
}

/** SPEC 5: hours go as whole numbers when filled and are left out when empty. */
export function toCreateFeatureBody(data: FeatureFormData, projectId: string): CreateFeatureBody {
  const { estimatedHours, actualHours, ...fields } = data;
  return {
    ...fields,
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
  const { estimatedHours, actualHours, ...fields } = data;
  const hours = (value: number | null, current: number | null) => (value === null && current === null ? undefined : value);
  const body: UpdateFeatureBody = { ...fields, projectId: feature.projectId._id, version: feature.version };
  const estimated = hours(estimatedHours, feature.estimatedHours);
  const actual = hours(actualHours, feature.actualHours);
  if (estimated !== undefined) body.estimatedHours = estimated;
  if (actual !== undefined) body.actualHours = actual;
  return body;
}
