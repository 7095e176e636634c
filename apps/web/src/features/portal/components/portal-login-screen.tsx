import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconAlertCircle, IconAt, IconInfoCircle, IconLock } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { usePortalSession } from '../lib/portal-session';
import { portalTexts } from '../messages';
import { PortalCard } from './portal-card';

const m = portalTexts.login;

/** The message for a failed sign-in: the server's words when it sent them. */
export function portalLoginError(error: unknown): string {
  if (error instanceof ApiError) return error.status === 401 || !error.detail ? m.authError : error.detail;
  return m.connectionError;
}

interface Errors {
  email?: string;
  password?: string;
}

function validate(email: string, password: string): Errors {
  const errors: Errors = {};
  if (!email.trim()) errors.email = m.emailRequired;
  if (!password) errors.password = m.passwordRequired;
  return errors;
}

/** /portal/login: a firm's user signs in with e-mail and password (no zod or form library: the first page stays small). */
export function PortalLoginScreen() {
  useDocumentTitle(`${m.title} · Receptoría`);
  const { login, expired } = usePortalSession();
  const navigate = useNavigate();
  const location = useLocation();
  const activated = (location.state as { activated?: boolean } | null)?.activated === true;
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [visible, setVisible] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [attempted, setAttempted] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    const found = validate(email, password);
    setErrors(found);
    if (found.email || found.password) return;
    setServerError(null);
    setSubmitting(true);
    try {
      await login({ email: email.trim(), password });
      const from = (location.state as { from?: string } | null)?.from;
      navigate(from?.startsWith(paths.portal) ? from : paths.portalEncargos, { replace: true });
    } catch (error) {
      setServerError(portalLoginError(error));
      setSubmitting(false);
    }
  };

  const recheck = (nextEmail: string, nextPassword: string) => {
    if (attempted) setErrors(validate(nextEmail, nextPassword));
  };

  return (
    <PortalCard title={m.title} prompt={m.prompt}>
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <Stack gap="md">
          {activated && (
            <Alert color="teal" variant="light" icon={<IconInfoCircle size={18} />}>
              {m.activated}
            </Alert>
          )}
          {expired && !serverError && (
            <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />}>
              {m.expired}
            </Alert>
          )}
          {serverError && (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} data-testid="portal-login-error">
              {serverError}
            </Alert>
          )}
          <TextInput
            label={m.email}
            placeholder={m.emailPlaceholder}
            type="email"
            inputMode="email"
            autoComplete="username"
            autoFocus
            leftSection={<IconAt size={16} />}
            value={email}
            error={errors.email}
            onChange={(event) => {
              setEmail(event.currentTarget.value);
              recheck(event.currentTarget.value, password);
            }}
          />
          <PasswordInput
            label={m.password}
            autoComplete="current-password"
            leftSection={<IconLock size={16} />}
            value={password}
            error={errors.password}
            visible={visible}
            onVisibilityChange={setVisible}
            visibilityToggleButtonProps={{ 'aria-label': visible ? m.hidePassword : m.showPassword }}
            onChange={(event) => {
              setPassword(event.currentTarget.value);
              recheck(email, event.currentTarget.value);
            }}
          />
          <Button type="submit" size="md" fullWidth loading={submitting}>
            {m.submit}
          </Button>
        </Stack>
      </form>
    </PortalCard>
  );
}
