import {
  Alert,
  Box,
  Button,
  Group,
  Loader,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconGavel, IconLock, IconUser } from '@tabler/icons-react';
import { useDocumentTitle } from '@mantine/hooks';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { useLoginForm } from '../../../lib/auth/use-login-form';
import { useSession } from '../../../lib/auth/use-session';
import { notify } from '../../../lib/notify';
import { loginMessages as m } from '../messages';

/** The message for a failed sign-in (spec 01 §8). */
export function loginErrorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.detail ?? m.authError;
  return m.connectionError;
}

export function LoginScreen() {
  const { login } = useSession();
  const navigate = useNavigate();
  useDocumentTitle('Acceso al Sistema · Receptoría');
  const [serverError, setServerError] = useState<string | null>(null);
  const [passwordVisible, setPasswordVisible] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useLoginForm();

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      await login(values);
      notify.success(m.welcome);
      navigate(paths.home, { replace: true });
    } catch (error) {
      // Shown once, in the card (no toast repeating it).
      setServerError(loginErrorMessage(error));
    }
  });

  return (
    <Box mih="100vh" style={{ display: 'flex' }}>
      <Box
        visibleFrom="md"
        w="44%"
        p={56}
        style={{
          background: 'linear-gradient(160deg, var(--mantine-color-brand-9) 0%, var(--mantine-color-brand-7) 100%)',
          color: 'white',
          display: 'flex',
          flexDirection: 'column',
          justifyContent: 'space-between',
        }}
      >
        <Group gap="sm">
          <ThemeIcon size={44} radius="md" variant="white" color="brand">
            <IconGavel size={26} />
          </ThemeIcon>
          <Text fw={700} fz={26}>
            {m.product}
          </Text>
        </Group>
        <Stack gap="lg" maw={440}>
          <Text fz={28} fw={650} lh={1.25}>
            {m.tagline}
          </Text>
          <Stack gap="sm">
            {m.highlights.map((item) => (
              <Group key={item} gap="sm" wrap="nowrap">
                <IconCircleCheck size={20} style={{ flexShrink: 0, opacity: 0.9 }} />
                <Text size="md" opacity={0.92}>
                  {item}
                </Text>
              </Group>
            ))}
          </Stack>
        </Stack>
        <Text size="sm" opacity={0.75}>
          © {new Date().getFullYear()} {m.product}
        </Text>
      </Box>

      <Box
        bg="gray.0"
        p="md"
        style={{ flex: 1, display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center' }}
      >
        <Paper withBorder shadow="md" p={36} w="100%" maw={420} component="main">
          <Stack gap={4} mb="xl">
            <Group gap="xs" hiddenFrom="md" mb="sm">
              <ThemeIcon size={32} radius="md">
                <IconGavel size={18} />
              </ThemeIcon>
              <Text fw={700} size="lg">
                {m.product}
              </Text>
            </Group>
            <Title order={2}>{m.title}</Title>
            <Text c="dimmed" size="sm">
              {m.prompt}
            </Text>
          </Stack>

          <form onSubmit={(event) => void onSubmit(event)} noValidate>
            <Stack gap="md">
              {serverError && (
                <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} data-testid="login-error">
                  {serverError}
                </Alert>
              )}
              <TextInput
                label={m.username}
                placeholder={m.usernamePlaceholder}
                autoComplete="username"
                autoFocus
                leftSection={<IconUser size={16} />}
                error={errors.username?.message}
                {...register('username')}
              />
              <PasswordInput
                label={m.password}
                placeholder={m.passwordPlaceholder}
                autoComplete="current-password"
                leftSection={<IconLock size={16} />}
                error={errors.password?.message}
                visible={passwordVisible}
                onVisibilityChange={setPasswordVisible}
                visibilityToggleButtonProps={{ 'aria-label': passwordVisible ? m.hidePassword : m.showPassword }}
                {...register('password')}
              />
              <Button
                type="submit"
                size="md"
                fullWidth
                mt="xs"
                disabled={isSubmitting}
                leftSection={isSubmitting ? <Loader size={16} color="gray.6" /> : undefined}
              >
                {isSubmitting ? m.submitting : m.submit}
              </Button>
            </Stack>
          </form>
        </Paper>
        <Text size="xs" c="dimmed" mt="lg" ta="center">
          {m.footer}
        </Text>
      </Box>
    </Box>
  );
}
