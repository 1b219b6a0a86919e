import type { Me } from '@tasklane/contract';
import { useId, useMemo, useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { errorMessage } from '@/lib/errors';
import { useUpdateTimeZone } from '../api/update-time-zone';
import { SettingsSection } from './settings-section';
import { browserTimeZone, knownTimeZones, matchingTimeZones, timeZoneLabel } from '../lib/time-zones';

/**
 * The time zone due-date reminders follow (issue 17): the browser's until the person chooses
 * another. A search narrows the list; the list itself is the browser's own select.
 */
export function TimeZoneSection({ me }: { me: Me }) {
  const browserZone = useMemo(browserTimeZone, []);
  const saved = me.timeZone ?? null;
  const zones = useMemo(() => knownTimeZones(saved), [saved]);
  const [chosen, setChosen] = useState(saved ?? browserZone);
  const [search, setSearch] = useState('');
  const update = useUpdateTimeZone();
  const id = useId();

  const matching = useMemo(() => {
    const found = matchingTimeZones(zones, search);
    // The chosen zone stays in the list whatever the search, so the select always shows it.
    return found.includes(chosen) ? found : [chosen, ...found];
  }, [zones, search, chosen]);

  const save = (zone: string) =>
    update.mutate(zone, {
      onSuccess: (updated) => toast.success(`Time zone set to ${timeZoneLabel(updated.timeZone ?? zone)}`),
      onError: (error) => toast.error(errorMessage(error, 'Failed to save the time zone')),
    });

  return (
    <SettingsSection
      id="settings-time-zone"
      title="Time zone"
      description={`Due-date reminders follow it: something due on a day is due until that day ends in this zone. This browser is in ${timeZoneLabel(browserZone)}.`}
    >
      <form
        className="grid gap-4 sm:grid-cols-2"
        onSubmit={(event) => {
          event.preventDefault();
          save(chosen);
        }}
      >
        <Field label="Search time zones" htmlFor={`${id}-search`}>
          <Input id={`${id}-search`} type="search" value={search} placeholder="City or region, such as Paris" onChange={(event) => setSearch(event.target.value)} />
        </Field>
        <Field label="Time zone" htmlFor={`${id}-zone`}>
          <Select
            id={`${id}-zone`}
            value={chosen}
            onChange={(event) => setChosen(event.target.value)}
            options={matching.map((zone) => ({ value: zone, label: zone === browserZone ? `${timeZoneLabel(zone)} (this browser)` : timeZoneLabel(zone) }))}
          />
        </Field>
        <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
          <Button type="submit" isLoading={update.isPending} disabled={chosen === saved}>
            Save time zone
          </Button>
          {chosen !== browserZone && (
            <Button variant="ghost" onClick={() => setChosen(browserZone)}>
              Use this browser's ({timeZoneLabel(browserZone)})
            </Button>
          )}
        </div>
      </form>
    </SettingsSection>
  );
}
