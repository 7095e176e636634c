import { DateInput, type DateInputProps } from '@mantine/dates';
import { isValidIsoDate } from '@receptoria/contracts';
import { IconCalendar } from '@tabler/icons-react';

/** Reads dd/mm/yyyy (also dd-mm-yyyy and yyyy-mm-dd) typed by the user. */
export function parseTypedDate(text: string): string | null {
  const value = text.trim();
  const dmy = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(value);
  const iso = dmy ? `${dmy[3]}-${dmy[2]?.padStart(2, '0')}-${dmy[1]?.padStart(2, '0')}` : value;
  return isValidIsoDate(iso) ? iso : null;
}

interface DateFieldProps extends Omit<DateInputProps, 'value' | 'onChange'> {
  value: string | null;
  onChange: (value: string | null) => void;
}

/** A calendar date edited as dd/mm/yyyy and kept as YYYY-MM-DD. */
export function DateField({ value, onChange, ...props }: DateFieldProps) {
  return (
    <DateInput
      {...props}
      value={value || null}
      onChange={(next) => onChange(next ? next.slice(0, 10) : null)}
      valueFormat="DD/MM/YYYY"
      dateParser={parseTypedDate}
      leftSection={<IconCalendar size={16} stroke={1.6} />}
      clearable
      clearButtonProps={{ 'aria-label': 'Borrar fecha' }}
    />
  );
}
