import { Alert, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { PortalActivarSchema } from '@receptoria/contracts';
import { IconAlertCircle, IconLock } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { activarCuenta } from '../api/activar-cuenta';
import { portalTexts } from '../messages';
import { PortalCard } from './portal-card';

const m = portalTexts.activar;

interface Errors {
  password?: string;
  confirm?: string;
}

/** The product's password rules (the contract's), then the repeated one. */
export function checkActivation(token: string, password: string, confirm: string): Errors {
  const result = PortalActivarSchema.safeParse({ token, password });
  const errors: Errors = {};
  const problem = result.error?.issues.find((issue) => issue.path[0] === 'password');
  if (problem) errors.password = problem.message;
  else if (password !== confirm) errors.confirm = m.mismatch;
  return errors;
}

/** /portal/activar/:token — the invited person chooses a password; then signs in. */
export function PortalActivarScreen() {
  useDocumentTitle(`${m.title} · Receptoría`);
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [attempted, setAttempted] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [linkInvalid, setLinkInvalid] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    const found = checkActivation(token, password, confirm);
    setErrors(found);
    if (found.password || found.confirm) return;
    setServerError(null);
    setSubmitting(true);
    try {
      await activarCuenta({ token, password });
      navigate(paths.portalLogin, { replace: true, state: { activated: true } });
    } catch (error) {
      setSubmitting(false);
      if (error instanceof ApiError && error.status < 500) {
        // The token is the only thing the server can refuse once the password passed the same rules here.
        const passwordError = error.errors?.password?.[0];
        if (passwordError) setErrors({ password: passwordError });
        else setLinkInvalid(true);
        return;
      }
      setServerError(portalTexts.login.connectionError);
    }
  };

  const recheck = (nextPassword: string, nextConfirm: string) => {
    if (attempted) setErrors(checkActivation(token, nextPassword, nextConfirm));
  };

  if (linkInvalid) {
    return (
      <PortalCard title={m.title}>
        <Stack gap="md">
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} data-testid="portal-activar-invalido">
            {m.invalidLink}
          </Alert>
          <Button component={Link} to={paths.portalLogin} variant="light" fullWidth>
            {m.goToLogin}
          </Button>
        </Stack>
      </PortalCard>
    );
  }

  return (
    <PortalCard title={m.title} prompt={m.prompt}>
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <Stack gap="md">
          {serverError && (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
              {serverError}
            </Alert>
          )}
          <PasswordInput
            label={m.password}
            description={m.rules}
            autoComplete="new-password"
            autoFocus
            leftSection={<IconLock size={16} />}
            value={password}
            error={errors.password}
            visibilityToggleButtonProps={{ 'aria-label': portalTexts.login.showPassword }}
            onChange={(event) => {
              setPassword(event.currentTarget.value);
              recheck(event.currentTarget.value, confirm);
            }}
          />
          <PasswordInput
            label={m.confirm}
            autoComplete="new-password"
            leftSection={<IconLock size={16} />}
            value={confirm}
            error={errors.confirm}
            visibilityToggleButtonProps={{ 'aria-label': portalTexts.login.showPassword }}
            onChange={(event) => {
              setConfirm(event.currentTarget.value);
              recheck(password, event.currentTarget.value);
            }}
          />
          <Button type="submit" size="md" fullWidth loading={submitting}>
            {m.submit}
          </Button>
          <Text size="xs" c="dimmed" ta="center">
            {portalTexts.product}
          </Text>
        </Stack>
      </form>
    </PortalCard>
  );
}
