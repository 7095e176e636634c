import { DateTimePicker, type DateTimePickerProps } from '@mantine/dates';
import { IconClock } from '@tabler/icons-react';

interface DateTimeFieldProps extends Omit<DateTimePickerProps, 'value' | 'onChange'> {
  value: string | null;
  onChange: (value: string | null) => void;
}

/** A date-time edited as dd/mm/yyyy HH:mm, kept as Santiago wall time 'YYYY-MM-DD HH:mm:ss'. */
export function DateTimeField({ value, onChange, ...props }: DateTimeFieldProps) {
  return (
    <DateTimePicker
      {...props}
      value={value || null}
      onChange={(next) => onChange(next || null)}
      valueFormat="DD/MM/YYYY HH:mm"
      leftSection={<IconClock size={16} stroke={1.6} />}
      clearable
      defaultTimeValue="09:00"
    />
  );
}
