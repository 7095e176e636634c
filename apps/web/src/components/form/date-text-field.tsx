import 'dayjs/locale/es';
import { ActionIcon, Popover, TextInput, type TextInputProps } from '@mantine/core';
import { DatePicker, DatesProvider } from '@mantine/dates';
import { isoToDmy, readFechaCL } from '@receptoria/contracts';
import { IconCalendar, IconClock } from '@tabler/icons-react';
import { useState } from 'react';
import { type FieldPath, type FieldValues, useController } from 'react-hook-form';
import { formMessages } from './messages';
import type { BoundProps, ControlledKeys } from './types';

export type DateTextFieldProps<T extends FieldValues, N extends FieldPath<T>, TOut = T> = BoundProps<T, N, TOut> &
  Omit<TextInputProps, ControlledKeys> & {
    /** Date and time: the value is Santiago wall time 'YYYY-MM-DD HH:mm:00'; a date alone takes defaultTime. */
    withTime?: boolean;
    defaultTime?: string;
    onValueChange?: (next: string | null) => void;
  };

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
/** The calendar in Spanish, weeks from Monday. Set here, with the only date picker of the app, so
 *  dayjs and its locale download with the screens that have a date field, not with the layout. */
const DATES_SETTINGS = { locale: 'es', firstDayOfWeek: 1 } as const;
const NAIVE = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2})/;

/** Text shown for a field value: dd/mm/aaaa (HH:MM); text the reader refused stays as typed. */
function display(value: unknown, withTime: boolean): string {
  if (typeof value !== 'string' || value === '') return '';
  const naive = NAIVE.exec(value);
  if (withTime && naive?.[1] && naive[2]) return `${isoToDmy(naive[1])} ${naive[2]}`;
  if (!withTime && ISO_DAY.test(value)) return isoToDmy(value);
  return value;
}

/**
 * A date (or date and time) typed the Chilean way — dd/mm/aaaa, dd-mm-aaaa, ddmmaaaa, with or
 * without HH:MM — or picked from a calendar. A value that cannot be read is kept as typed with a
 * message saying why, so it is never dropped silently and the form's validation stops it.
 */
export function DateTextField<T extends FieldValues, N extends FieldPath<T>, TOut = T>({
  control,
  name,
  rules,
  withTime = false,
  defaultTime = '09:00',
  onValueChange,
  onBlur,
  label,
  ...props
}: DateTextFieldProps<T, N, TOut>) {
  const {
    field: { ref: inputRef, ...field },
    fieldState,
  } = useController({ control, name, rules });
  const [shown, setShown] = useState({ text: display(field.value, withTime), source: field.value as unknown });
  const [opened, setOpened] = useState(false);
  if (!Object.is(shown.source, field.value)) setShown({ text: display(field.value, withTime), source: field.value });

  const reading = readFechaCL(shown.text);
  const problem = reading && !reading.ok ? reading.message : undefined;

  const valueOf = (date: string, time: string | null) => (withTime ? `${date} ${time ?? defaultTime}:00` : date);

  const emit = (text: string, value: string | null) => {
    setShown({ text, source: value ?? null });
    field.onChange(value);
  };

  const currentTime = () => NAIVE.exec(typeof field.value === 'string' ? field.value : '')?.[2] ?? null;
  const pickedDay = typeof field.value === 'string' ? field.value.slice(0, 10) : null;
  const Icon = withTime ? IconClock : IconCalendar;

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-start" shadow="md" withinPortal trapFocus={false}>
      <Popover.Target>
        <TextInput
          autoComplete="off"
          maxLength={withTime ? 24 : 16}
          {...props}
          label={label}
          ref={inputRef}
          name={field.name}
          value={shown.text}
          onChange={(event) => {
            const text = event.currentTarget.value;
            const next = readFechaCL(text);
            emit(text, next === null ? null : next.ok ? valueOf(next.date, next.time) : text);
          }}
          onBlur={(event) => {
            if (reading?.ok) {
              const value = valueOf(reading.date, reading.time);
              setShown({ text: display(value, withTime), source: field.value });
              if (value !== field.value) {
                field.onChange(value);
              }
              onValueChange?.(value);
            } else if (reading === null) {
              onValueChange?.(null);
            }
            field.onBlur();
            onBlur?.(event);
          }}
          leftSection={
            <ActionIcon
              variant="subtle"
              color="gray"
              size="md"
              aria-label={`${formMessages.openCalendar}: ${typeof label === 'string' ? label : ''}`}
              onClick={() => setOpened((open) => !open)}
              disabled={props.disabled}
            >
              <Icon size={16} stroke={1.6} />
            </ActionIcon>
          }
          leftSectionPointerEvents="all"
          error={problem ?? fieldState.error?.message}
        />
      </Popover.Target>
      <Popover.Dropdown>
        <DatesProvider settings={DATES_SETTINGS}>
          <DatePicker
            value={pickedDay && ISO_DAY.test(pickedDay) ? pickedDay : null}
            defaultDate={pickedDay && ISO_DAY.test(pickedDay) ? pickedDay : undefined}
            onChange={(day) => {
              if (!day) return;
              const value = valueOf(day.slice(0, 10), withTime ? currentTime() : null);
              emit(display(value, withTime), value);
              onValueChange?.(value);
              setOpened(false);
            }}
          />
        </DatesProvider>
      </Popover.Dropdown>
    </Popover>
  );
}
