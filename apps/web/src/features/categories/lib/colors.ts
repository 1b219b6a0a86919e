import { categoryColors } from '@tasklane/contract';

/** SPEC 3 names the ten preset colours in the order of SPEC 9's values. */
const names = ['Blue', 'Red', 'Green', 'Amber', 'Violet', 'Pink', 'Cyan', 'Lime', 'Orange', 'Indigo'] as const;

export const namedCategoryColors = categoryColors.map((value, index) => ({ value, name: names[index] ?? value }));
