import { Check } from 'lucide-react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { namedCategoryColors } from '../lib/colors';

/**
 * The ten preset colours as a radio group of swatches: native radios (arrow keys move between
 * them, Space picks), each named by its colour, drawn as a round swatch with a check when picked.
 */
export function ColorSwatchGroup({ legend, selected, field }: { legend: string; selected: string; field: UseFormRegisterReturn<'color'> }) {
  return (
    <fieldset>
      <legend className="mb-1.5 block text-sm font-medium text-slate-700 dark:text-slate-300">{legend}</legend>
      {/* Two even rows of five on a phone, one row from small screens up. */}
      <div className="grid w-fit grid-cols-5 gap-2.5 sm:flex sm:w-auto sm:flex-wrap">
        {namedCategoryColors.map((color) => (
          <label key={color.value} className="relative flex" title={color.name}>
            {/* Transparent over its swatch, so a click or tap lands on the radio itself. */}
            <input
              type="radio"
              value={color.value}
              aria-label={color.name}
              className="peer absolute inset-0 z-10 m-0 size-full cursor-pointer appearance-none rounded-full opacity-0"
              {...field}
            />
            <span
              aria-hidden="true"
              className="flex size-8 items-center justify-center rounded-full text-white shadow-sm ring-offset-2 ring-offset-white transition peer-checked:ring-2 peer-checked:ring-slate-900 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-4 peer-focus-visible:outline-indigo-600 peer-hover:scale-110 dark:ring-offset-slate-900 dark:peer-checked:ring-white"
              style={{ backgroundColor: color.value }}
            >
              {selected.toUpperCase() === color.value.toUpperCase() && <Check className="size-4" strokeWidth={3} />}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
