import { Anchor, Group } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { paths } from '../../../config/paths';
import { diligenciasMessages } from '../messages';

/** On /diligencias/* sub-routes other than the index, a link back to it (spec 02 §2.1). */
export function BackToDiligencias() {
  const { pathname } = useLocation();
  if (pathname.replace(/\/+$/, '') === paths.diligencias) return null;
  return (
    <Anchor component={Link} to={paths.diligencias} size="sm">
      <Group gap={4}>
        <IconArrowLeft size={14} />
        {diligenciasMessages.volver}
      </Group>
    </Anchor>
  );
}
