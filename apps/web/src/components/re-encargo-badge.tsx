import { Badge } from '@mantine/core';

export const reEncargoBadgeMessages = {
  re: 'RE-ENCARGO',
  original: 'ORIGINAL',
} as const;

/** Whether an assignment is a re-assignment of an earlier one or the original. */
export function ReEncargoBadge({ re }: { re: boolean }) {
  return (
    <Badge color={re ? 'grape' : 'gray'} variant="filled" radius="sm">
      {re ? reEncargoBadgeMessages.re : reEncargoBadgeMessages.original}
    </Badge>
  );
}
