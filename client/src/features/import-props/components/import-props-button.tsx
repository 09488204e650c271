import { CalendarRange, Download } from 'lucide-react';
import { useId, useState } from 'react';
import { Controller, useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import { importPropsBodySchema, type ImportPropsInput } from '@shared/contract/master-props';
import { MASTER_PROP_SPORTS, type MasterPropSport } from '@shared/sports';
import { Button } from '@client/components/ui/button';
import { CheckboxField } from '@client/components/ui/checkbox-field';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@client/components/ui/dialog';
import { Field } from '@client/components/ui/field';
import { Input } from '@client/components/ui/input';
import { NativeSelect } from '@client/components/ui/native-select';
import { RangeCalendar, type DateRange } from '@client/components/ui/range-calendar';
import { isApiError } from '@client/lib/api-client';
import { isHalfRange } from '@client/lib/day-range';
import { errorMessage } from '@client/lib/form-errors';
import { toast } from '@client/lib/toast';
import { useImportableCount, useImportProps } from '../api/import-props';
import { calendarDayOf, defaultImportRange, describeRange } from '../import-range';

/** Product rules §2, §5 'Import'. */
interface ImportScope {
  groupId: number;
  userId: number;
}

export function ImportPropsButton({ scope }: { scope: ImportScope }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button type="button" variant="secondary">
          <Download aria-hidden />
          Import Props
        </Button>
      </DialogTrigger>
      <DialogContent className="p-4 sm:max-w-2xl sm:p-6">
        <DialogHeader>
          <DialogTitle>Import Props</DialogTitle>
          <DialogDescription>
            Copy props for upcoming games from the master list. Their results are set for you when
            the games are decided.
          </DialogDescription>
        </DialogHeader>
        {/* Inside the content, so every opening starts afresh from today's range. */}
        <ImportPropsForm
          scope={scope}
          onImported={() => {
            setOpen(false);
          }}
        />
      </DialogContent>
    </Dialog>
  );
}

interface ImportFormValues {
  sport: MasterPropSport | '';
  range: DateRange | undefined;
  count: string;
  importAll: boolean;
}

type FieldName = 'sport' | 'range' | 'count';

const FIELD_OF_PATH: Record<string, FieldName> = {
  sport: 'sport',
  dateFrom: 'range',
  dateTo: 'range',
  count: 'count',
};
const FIELD_ORDER: readonly FieldName[] = ['sport', 'range', 'count'];

const isMasterPropSport = (value: string): value is MasterPropSport =>
  (MASTER_PROP_SPORTS as readonly string[]).includes(value);

function bodyOf(groupId: number, values: ImportFormValues) {
  const { sport, range, count, importAll } = values;
  const dateFrom = range?.from ? calendarDayOf(range.from) : undefined;
  const dateTo = range?.to ? calendarDayOf(range.to) : undefined;
  return { groupId, sport, dateFrom, dateTo, count, importAll };
}

function errorsOf(problems: Iterable<[path: string, message: string]>) {
  const errors: FieldErrors<ImportFormValues> = {};
  for (const [path, message] of problems) {
    const field = FIELD_OF_PATH[path];
    if (field) errors[field] ??= { type: 'validate', message };
    else (errors.root ??= {}).schema ??= { type: 'validate', message };
  }
  return errors;
}

/** The server's own validator, for the spec's messages before a request is made. */
const importResolver =
  (groupId: number): Resolver<ImportFormValues, unknown, ImportPropsInput> =>
  (values) => {
    const body = bodyOf(groupId, values);
    const parsed = importPropsBodySchema.safeParse(body);
    if (parsed.success) {
      return {
        values: {
          ...body,
          sport: parsed.data.sport,
          count: values.importAll ? null : Number(values.count),
        },
        errors: {},
      };
    }
    return {
      values: {},
      errors: errorsOf(
        parsed.error.issues.map((issue): [string, string] => [
          String(issue.path[0]),
          issue.message,
        ]),
      ),
    };
  };

function ImportPropsForm({ scope, onImported }: { scope: ImportScope; onImported: () => void }) {
  const { groupId } = scope;
  const mutation = useImportProps(scope);
  const form = useForm<ImportFormValues, unknown, ImportPropsInput>({
    resolver: importResolver(groupId),
    defaultValues: {
      sport: '',
      range: defaultImportRange(new Date()),
      count: '',
      importAll: false,
    },
    // A field's message goes as soon as that field is touched again.
    reValidateMode: 'onSubmit',
  });
  const [sport, range, importAll] = useWatch({
    control: form.control,
    name: ['sport', 'range', 'importAll'],
  });
  const { errors } = form.formState;
  const rangeLabelId = useId();
  const rangeErrorId = useId();
  const rangeHintId = useId();

  const dateFrom = range?.from ? calendarDayOf(range.from) : undefined;
  const dateTo = range?.to ? calendarDayOf(range.to) : undefined;
  // A start without an end is not a range yet.
  const halfRange = isHalfRange(range);
  const [today] = useState(() => defaultImportRange(new Date()).from);
  const rangeComplete = Boolean(dateFrom && dateTo);
  const countQuery = useImportableCount(
    sport && rangeComplete ? { groupId, sport, dateFrom, dateTo } : null,
  );

  const toastRefusal = (found: FieldErrors<ImportFormValues>, fallback: string) => {
    const first = FIELD_ORDER.map((field) => found[field]?.message).find(Boolean);
    toast({
      title: 'Failed to import props',
      description: first ?? fallback,
      variant: 'destructive',
    });
  };

  const submit = form.handleSubmit(
    async (body) => {
      try {
        const answer = await mutation.mutateAsync(body);
        if (answer.count === 0) {
          toast({ title: 'Nothing to import', description: answer.message, variant: 'info' });
          return;
        }
        toast({ title: 'Props imported successfully', description: answer.message });
        onImported();
      } catch (error) {
        if (isApiError(error)) {
          const found = errorsOf(
            Object.entries(error.fieldErrors).flatMap(([path, messages]) =>
              messages[0] ? [[path, messages[0]] as [string, string]] : [],
            ),
          );
          for (const field of FIELD_ORDER) {
            const message = found[field]?.message;
            if (message) form.setError(field, { type: 'server', message });
          }
        }
        toast({
          title: 'Failed to import props',
          description: errorMessage(error),
          variant: 'destructive',
        });
      }
    },
    (found) => {
      toastRefusal(found, found.root?.schema?.message ?? 'Please check the form');
    },
  );

  return (
    <form noValidate className="grid gap-5" onSubmit={(event) => void submit(event)}>
      <Field
        label="Sport"
        error={errors.sport?.message}
        hint={
          sport && rangeComplete ? <MatchingCount query={countQuery} sport={sport} /> : undefined
        }
      >
        {(control) => (
          <NativeSelect
            {...control}
            {...form.register('sport', {
              setValueAs: (value: string) => (isMasterPropSport(value) ? value : ''),
              onChange: () => {
                form.clearErrors('sport');
              },
            })}
          >
            <option value="">Select a sport</option>
            {MASTER_PROP_SPORTS.map((choice) => (
              <option key={choice} value={choice}>
                {choice}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>

      <div
        role="group"
        aria-labelledby={rangeLabelId}
        aria-describedby={errors.range ? rangeErrorId : undefined}
        className="grid gap-2"
      >
        <p id={rangeLabelId} className="text-sm leading-none font-semibold">
          Game dates
        </p>
        <p className="flex items-center gap-2 text-sm text-muted-foreground" aria-live="polite">
          <CalendarRange className="size-4 shrink-0" aria-hidden />
          <span data-testid="import-range">{describeRange(range ?? {})}</span>
        </p>
        <RangeCalendar
          selected={range}
          defaultMonth={range?.from}
          firstDay={today}
          onSelect={(next) => {
            form.setValue('range', next);
            form.clearErrors('range');
          }}
        />
        {errors.range ? (
          <p id={rangeErrorId} className="text-sm font-medium text-destructive">
            {errors.range.message}
          </p>
        ) : null}
      </div>

      <div className="grid gap-3 sm:grid-cols-2 sm:items-start">
        <Controller
          control={form.control}
          name="count"
          render={({ field }) => (
            <Field
              label="Number of props"
              hint="The earliest games come first."
              error={importAll ? undefined : errors.count?.message}
            >
              {(control) => (
                <Input
                  {...control}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  step={1}
                  name={field.name}
                  ref={field.ref}
                  onBlur={field.onBlur}
                  value={importAll ? '' : field.value}
                  disabled={importAll}
                  placeholder={importAll ? 'All' : 'e.g. 5'}
                  onChange={(event) => {
                    field.onChange(event.target.value);
                    form.clearErrors('count');
                  }}
                />
              )}
            </Field>
          )}
        />
        <CheckboxField
          className="sm:mt-6"
          label="Import All"
          description="Every matching prop; no number needed."
          {...form.register('importAll', {
            onChange: () => {
              form.clearErrors('count');
            },
          })}
        />
      </div>

      <div className="grid gap-2">
        <Button
          type="submit"
          size="lg"
          className="w-full"
          pending={mutation.isPending}
          disabled={!rangeComplete}
          aria-describedby={rangeComplete ? undefined : rangeHintId}
        >
          <Download aria-hidden />
          Import Props
        </Button>
        {rangeComplete ? null : (
          <p id={rangeHintId} className="text-center text-sm text-muted-foreground">
            {halfRange
              ? 'Choose the last day of the range to import (the same day again for one day).'
              : 'Choose the first and last days of the range to import.'}
          </p>
        )}
      </div>
    </form>
  );
}

function MatchingCount({
  query,
  sport,
}: {
  query: ReturnType<typeof useImportableCount>;
  sport: MasterPropSport;
}) {
  return (
    <span aria-live="polite" data-testid="import-count">
      {query.isPending
        ? `Counting ${sport} master props…`
        : `${query.data ?? 0} matching ${sport} master ${query.data === 1 ? 'prop' : 'props'} in these dates, not yet in this group`}
    </span>
  );
}
