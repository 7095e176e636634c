import type { BadgeProps } from '@mantine/core';

/**
 * For badges that hold free text (a firm's name, a stamp type): on a narrow screen the text wraps
 * onto more lines instead of being cut with '…'.
 */
export const wrappingBadgeStyles: BadgeProps['styles'] = {
  root: { height: 'auto', maxWidth: '100%', minWidth: 0, flexShrink: 1, paddingBlock: 2 },
  label: { whiteSpace: 'normal', overflowWrap: 'anywhere', lineHeight: 1.35 },
};
