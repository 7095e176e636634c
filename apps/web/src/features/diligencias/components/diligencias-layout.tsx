import { Anchor, Group, Stack } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, Outlet, useLocation } from 'react-router';
import { paths } from '../../../config/paths';
import { diligenciasMessages } from '../messages';

/** The /diligencias/* family: sub-routes other than the index link back to it (spec 02 §2.1). */
export function DiligenciasLayout() {
  const { pathname } = useLocation();
  const isIndex = pathname.replace(/\/+$/, '') === paths.diligencias;
  return (
    <Stack gap="sm">
      {isIndex ? null : (
        <Group>
          <Anchor component={Link} to={paths.diligencias} size="sm">
            <Group gap={4}>
              <IconArrowLeft size={14} />
              {diligenciasMessages.volver}
            </Group>
          </Anchor>
        </Group>
      )}
      <Outlet />
    </Stack>
  );
}
