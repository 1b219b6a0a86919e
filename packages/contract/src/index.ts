export * from './enums.js';
export * from './errors.js';
export * from './users.js';
export * from './rules/slugify.js';
export * from './rules/initials.js';
export * from './rules/progress.js';
export * from './rules/format-date.js';
